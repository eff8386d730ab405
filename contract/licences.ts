import { z } from 'zod';

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

const optional = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    deviceText(label, max).nullish(),
  );

export const licenceDeviceRequestSchema = z.object({
  user_business_licence_id: z.number().int().positive(),
  device_id: deviceText('device ID', 64).regex(
    /^[A-Za-z0-9_.:-]+$/,
    'A device ID has letters, digits and _ . : - only',
  ),
  device_name: optional('device name', 80),
  device_code: optional('device code', 32),
});
export type LicenceDeviceRequest = z.infer<typeof licenceDeviceRequestSchema>;

export const licenceDeviceResponseSchema = z.object({ licence: userBusinessLicenceSchema });
