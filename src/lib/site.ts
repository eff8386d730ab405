/** Shop-wide facts shown in the shell and the content pages; build-time overridable. */
export const SITE_NAME = 'IBC Cricket';
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@ibccricket.in';
/** The shop's WhatsApp and phone line, E.164; the default is the seeded pickup desk's mobile. */
export const SHOP_WHATSAPP_NUMBER: string = import.meta.env.VITE_WHATSAPP_NUMBER || '+919000000000';
/** Date the legal pages were last revised (shown on the pages, d MMMM yyyy per spec §9). */
export const LEGAL_REVISED_ON = '2026-11-01';

export const CONTENT_PATHS = {
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
  businessLicenceTerms: '/business-licence-terms-and-conditions',
  aboutUs: '/about-us',
  help: '/help',
  metaverseSuperstar: '/metaverse-superstar',
} as const;

export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}
