import { z } from 'zod';
import { DB_INT_MAX } from './patterns';

/* Spec §3 licence device: the pins of a buyer's paid business licences and the device each runs on. */

const deviceText = (label: string, max: number) =>
  z.string().trim().min(1, `Enter the ${label}`).max(max, `The ${label} has at most ${max} characters`);

export const licenceDeviceSchema = z.object({
  device_id: z.string(),
  device_name: z.string().nullable(),
  device_code: z.string().nullable(),
});

export const userBusinessLicenceSchema = z.object({
  user_business_licence_id: z.number().int(),
  order_id: z.string(),
  product_code: z.string(),
  pin: z.number().int(),
  device: licenceDeviceSchema.nullable(),
});
export type UserBusinessLicence = z.infer<typeof userBusinessLicenceSchema>;

export const userBusinessLicencesResponseSchema = z.object({
  licences: z.array(userBusinessLicenceSchema),
});

/** The device form's fields as typed (the optional ones may be left empty). */
export const licenceDeviceFields = {
  device_id: deviceText('device ID', 64).regex(
    /^[A-Za-z0-9_.:-]+$/,
    'A device ID has letters, digits and _ . : - only',
  ),
  device_name: z.string().trim().max(80, 'The device name has at most 80 characters'),
  device_code: z.string().trim().max(32, 'The device code has at most 32 characters'),
};

const emptyToNull = (schema: z.ZodString) => schema.nullish().transform((v) => (v ? v : null));

export const licenceDeviceRequestSchema = z.object({
  user_business_licence_id: z.number().int().positive().max(DB_INT_MAX, 'There is no such licence'),
  device_id: licenceDeviceFields.device_id,
  device_name: emptyToNull(licenceDeviceFields.device_name),
  device_code: emptyToNull(licenceDeviceFields.device_code),
});
export type LicenceDeviceRequest = z.infer<typeof licenceDeviceRequestSchema>;

export const licenceDeviceResponseSchema = z.object({ licence: userBusinessLicenceSchema });
