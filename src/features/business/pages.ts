import { PACKAGE_CODES } from '@contract/constants';
import { pageTitle } from '@/lib/site';

// Read by the business routes' loaders, which are split from the first-load route tree with their pages.

/** The packages each business page prices from. */
export const LICENCE_CODES = [PACKAGE_CODES.businessLicence] as const;
export const KIT_CODES = [PACKAGE_CODES.businessKit] as const;
export const CLUB_CODES = [PACKAGE_CODES.clubEdition] as const;

export { isLicenceSlug, LICENCE_SLUGS, type LicenceSlug } from './licenceSlugs';

const HEADS = {
  business: [
    'VR cricket for venues: licences, kits and ads',
    'Per-pin business licences, the business kit, the club edition and ad packages for your venue.',
  ],
  kit: [
    'IBC business kit',
    'Two VR cricket bays: headsets, tracked bats, the business edition and a year of premium.',
  ],
  opportunity: ['The VR cricket business opportunity', 'What a venue earns and gets with IBC VR cricket.'],
  club: ['IBC club edition', 'A VR net for cricket clubs and academies, with the pitch sensor kit.'],
  premium: [
    'IBC premium licence',
    'Every game mode, tournaments and leaderboards for your venue, per pin per year.',
  ],
  basic: ['IBC basic licence', 'Nets and quick matches for your venue, per pin per year.'],
  'business-edition-game': [
    'IBC business edition game',
    'The venue edition of the game with its hardware, per pin, one-time.',
  ],
} as const;

export type BusinessPageKey = keyof typeof HEADS;

/** The packages each page prices from. */
export const PAGE_CODES: Record<BusinessPageKey, readonly string[]> = {
  business: LICENCE_CODES,
  kit: KIT_CODES,
  opportunity: LICENCE_CODES,
  club: CLUB_CODES,
  premium: LICENCE_CODES,
  basic: LICENCE_CODES,
  'business-edition-game': LICENCE_CODES,
};

/** The ad packages /business lists beside the licences (its loader fetches both lists). */
export { AD_PACKAGE_CODES } from '@/lib/adPackages';

/** The route's head(): the page title and its description. */
export function businessHead(page: BusinessPageKey) {
  const [title, description] = HEADS[page];
  return { meta: [{ title: pageTitle(title) }, { name: 'description', content: description }] };
}
