import { LICENCE_PRODUCT_CODES, PACKAGE_CODES } from '@contract/constants';
import { pageTitle } from '@/lib/site';
import type { LicenceProductCode } from './licencePricing';

// Zod-free: the routes' head() and params check read this file from the first-load route tree.

export const BUSINESS_PATHS = {
  business: '/business',
  kit: '/business-kit',
  opportunity: '/business-opportunity-details',
  club: '/club-edition',
} as const;

/** The pricing panel's anchor on /business (spec §2). */
export const BUSINESS_PRICING_ANCHOR = 'ibc-business-pricing-section';
/** The ad packages section of /business, where the home page's "Ad packages" card leads. */
export const AD_PACKAGES_ANCHOR = 'ad-packages';

/** The licence packages every business page prices from. */
export const LICENCE_CODES = [PACKAGE_CODES.businessLicence] as const;
export const KIT_CODES = [PACKAGE_CODES.businessKit] as const;
export const CLUB_CODES = [PACKAGE_CODES.clubEdition] as const;

export const LICENCE_SLUGS = ['premium', 'basic', 'business-edition-game'] as const;
export type LicenceSlug = (typeof LICENCE_SLUGS)[number];

export function isLicenceSlug(slug: string): slug is LicenceSlug {
  return (LICENCE_SLUGS as readonly string[]).includes(slug);
}

export interface LicencePageConfig {
  slug: LicenceSlug;
  /** The product the page is about. */
  productCode: LicenceProductCode;
  /** The yearly licence the page's scale prices beside the hardware; none for the hardware's own page. */
  yearlyCode: LicenceProductCode | null;
  heading: string;
  lede: string;
  /** What a venue gets, one point a line. */
  includes: readonly string[];
  /** Who it suits. */
  suits: string;
  title: string;
  description: string;
}

export const LICENCE_PAGES: Record<LicenceSlug, LicencePageConfig> = {
  premium: {
    slug: 'premium',
    productCode: LICENCE_PRODUCT_CODES.premium,
    yearlyCode: LICENCE_PRODUCT_CODES.premium,
    heading: 'IBC premium licence',
    lede: 'Every mode of the game on each licensed pin, with tournaments, leaderboards and priority support.',
    includes: [
      'Career, nets, quick matches and multiplayer on every licensed pin',
      'Venue tournaments with brackets, and a live leaderboard for your screens',
      'Player accounts your regulars keep from visit to visit',
      'Next-business-day hardware replacement in metro cities',
      'Phone support 9 am to 9 pm IST, seven days a week',
    ],
    suits: 'Arcades, mall zones and academies that run leagues and want players coming back every week.',
    title: 'IBC premium licence for venues',
    description:
      'The IBC premium business licence per pin: every game mode, tournaments and leaderboards for your venue, billed yearly.',
  },
  basic: {
    slug: 'basic',
    productCode: LICENCE_PRODUCT_CODES.basic,
    yearlyCode: LICENCE_PRODUCT_CODES.basic,
    heading: 'IBC basic licence',
    lede: 'Nets and quick matches on each licensed pin: the simplest way to add VR cricket to a venue.',
    includes: [
      'Nets against pace, spin and swing, and quick six-ball challenges',
      'Session timer and a per-session score card for your customers',
      'Over-the-air updates with new bowlers and grounds',
      'E-mail support with a reply within one working day',
    ],
    suits: 'Cafés, gaming lounges and smaller venues starting with one or two bays.',
    title: 'IBC basic licence for venues',
    description:
      'The IBC basic business licence per pin: nets and quick matches for your venue, billed yearly.',
  },
  'business-edition-game': {
    slug: 'business-edition-game',
    productCode: LICENCE_PRODUCT_CODES.businessEditionGame,
    yearlyCode: null,
    heading: 'IBC business edition game',
    lede: 'The venue edition of the game with its hardware, bought once per pin, ready for either licence.',
    includes: [
      'The business edition of the game, locked to your venue',
      'Venue hardware for one bay per pin, installed by our team',
      'Operator mode: start, stop and time sessions from one tablet',
      'Runs the premium or the basic licence, which you choose per pin',
    ],
    suits:
      'Every venue: each pin needs the business edition once, then a premium or basic licence each year.',
    title: 'IBC business edition game for venues',
    description: 'The IBC business edition game with its venue hardware, per pin, one-time.',
  },
};

function head(title: string, description: string) {
  return { meta: [{ title: pageTitle(title) }, { name: 'description', content: description }] };
}

export const BUSINESS_HEADS = {
  business: head(
    'VR cricket for venues: licences, kits and ads',
    'Run IBC VR cricket at your venue: per-pin business licences, the business kit, the club edition and ad packages, priced in INR.',
  ),
  kit: head(
    'IBC business kit for venues',
    'The IBC business kit: two VR cricket bays with headsets, tracked bats, the business edition and a year of premium licence.',
  ),
  opportunity: head(
    'The VR cricket business opportunity',
    'What a venue earns and gets with IBC VR cricket: sessions, leagues, ad revenue, installation and support.',
  ),
  club: head(
    'IBC club edition for cricket clubs and academies',
    'The IBC club edition: a VR net for clubs and academies with headsets, tracked bats and the pitch sensor kit.',
  ),
} as const;

export function licenceHead(slug: LicenceSlug) {
  const page = LICENCE_PAGES[slug];
  return head(page.title, page.description);
}
