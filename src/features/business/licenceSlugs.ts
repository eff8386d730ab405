/** The licence pages under /business-licence/ (spec §3's business licence codes): the route's params check reads it. */
export const LICENCE_SLUGS = ['premium', 'basic', 'business-edition-game'] as const;
export type LicenceSlug = (typeof LICENCE_SLUGS)[number];

export function isLicenceSlug(slug: string): slug is LicenceSlug {
  return (LICENCE_SLUGS as readonly string[]).includes(slug);
}
