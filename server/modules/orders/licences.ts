import { LICENCE_PRODUCT_CODES } from '@contract/catalogue';
import type { LicenceDeviceRequest, UserBusinessLicence } from '@contract/licences';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { licenceDevices, type OrderRow, userBusinessLicences } from '../../db/schema';
import { HttpError } from '../../errors';

/* Spec §3 licence device: a paid licence order holds one licence per pin, each registered to one device. */

const LICENCE_NOT_FOUND = 'Licence not found';
// The annual licences are the pins; the business edition hardware is sold beside them, one per pin.
const PIN_PRODUCT_CODES: readonly string[] = [LICENCE_PRODUCT_CODES.premium, LICENCE_PRODUCT_CODES.basic];

/** Inside the payment's transaction: one licence per pin of each licence product the order holds, once. */
export async function createLicences(tx: Executor, order: OrderRow, at: Date): Promise<void> {
  const rows = order.packages.flatMap((pkg) =>
    pkg.products
      .filter((p) => PIN_PRODUCT_CODES.includes(p.product_code) && p.quantity > 0)
      .flatMap((p) =>
        Array.from({ length: p.quantity * pkg.quantity }, (_, i) => ({
          orderId: order.id,
          userId: order.userId,
          productCode: p.product_code,
          pin: i + 1,
          createdAt: at,
        })),
      ),
  );
  if (rows.length > 0) await tx.insert(userBusinessLicences).values(rows).onConflictDoNothing();
}

/** The buyer's licences, oldest first, each with its device. */
export async function listLicences(db: Executor, userId: string): Promise<UserBusinessLicence[]> {
  const rows = await db
    .select({ licence: userBusinessLicences, device: licenceDevices })
    .from(userBusinessLicences)
    .leftJoin(licenceDevices, eq(licenceDevices.userBusinessLicenceId, userBusinessLicences.id))
    .where(eq(userBusinessLicences.userId, userId))
    .orderBy(asc(userBusinessLicences.createdAt), asc(userBusinessLicences.id));
  return rows.map(({ licence, device }) => ({
    user_business_licence_id: licence.id,
    order_id: licence.orderId,
    product_code: licence.productCode,
    pin: licence.pin,
    device: device
      ? { device_id: device.deviceId, device_name: device.deviceName, device_code: device.deviceCode }
      : null,
  }));
}

/** Registers (or replaces) the device of one of the buyer's licences; another buyer's licence is not found. */
export async function registerDevice(
  db: Executor,
  userId: string,
  body: LicenceDeviceRequest,
  at: Date,
): Promise<UserBusinessLicence> {
  const [owned] = await db
    .select({ id: userBusinessLicences.id })
    .from(userBusinessLicences)
    .where(
      and(
        eq(userBusinessLicences.id, body.user_business_licence_id),
        eq(userBusinessLicences.userId, userId),
      ),
    );
  if (!owned) throw new HttpError(404, LICENCE_NOT_FOUND);
  const device = {
    deviceId: body.device_id,
    deviceName: body.device_name ?? null,
    deviceCode: body.device_code ?? null,
    registeredAt: at,
  };
  try {
    await db
      .insert(licenceDevices)
      .values({ userBusinessLicenceId: owned.id, ...device })
      .onConflictDoUpdate({ target: licenceDevices.userBusinessLicenceId, set: device });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'This device already runs another licence', { field: 'device_id' });
    throw error;
  }
  const licence = (await listLicences(db, userId)).find((l) => l.user_business_licence_id === owned.id);
  if (!licence) throw new HttpError(404, LICENCE_NOT_FOUND);
  return licence;
}
