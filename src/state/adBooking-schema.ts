import { AD_DATE_PATTERN, AD_MAX_DEVICES } from '@contract/ads';
import { z } from 'zod';

/* The stored ad booking's shape, checked when read back from IndexedDB (loaded with that read, off the first load). */

const isoDate = z.string().regex(AD_DATE_PATTERN);

export const adBookingChoiceSchema = z.object({
  packageId: z.number().int().positive(),
  packageCode: z.string().min(1),
  /** The package's ad product: its quantity is days × devices. */
  productId: z.number().int().positive(),
  adConfigId: z.number().int().positive(),
  adName: z.string(),
  venue: z.string(),
  deviceCodes: z.array(z.string().min(1)).max(AD_MAX_DEVICES),
  /** The chosen devices' names, as the venue calls them. */
  deviceNames: z.record(z.string(), z.string()),
  /** Both days included, yyyy-MM-dd in the buyer's calendar. */
  range: z.object({ start: isoDate, end: isoDate }).nullable(),
  /** A template of the package (its config id) or the advertiser's own upload (null id, with its file name). */
  asset: z
    .object({
      asset_url: z.string().min(1),
      asset_template_image_config_id: z.number().int().nullable(),
      name: z.string().nullable(),
    })
    .nullable(),
  updatedAt: z.number(),
});
export type AdBookingChoice = z.infer<typeof adBookingChoiceSchema>;
