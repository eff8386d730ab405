/* An ad's whole days and its creative's limits, zod-free so a page can use them without the contract's schemas. */

/** The first and last second of whole days, as the wire carries them (yyyy-MM-dd HH:mm:ss). */
export const adDayStart = (isoDate: string) => `${isoDate} 00:00:00`;
export const adDayEnd = (isoDate: string) => `${isoDate} 23:59:59`;

/** The creative an advertiser may upload: a jpeg or png of at most 5 MB. */
export const AD_ASSET_TYPES = ['jpeg', 'jpg', 'png'] as const;
export const AD_ASSET_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const AD_ASSET_MAX_BYTES = 5 * 1024 * 1024;
