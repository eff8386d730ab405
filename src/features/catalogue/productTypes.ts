import { PACKAGE_CODES } from '@contract/constants';
import { pageTitle } from '@/lib/site';

// The zod-free constants: the routes' head() reads this file from the main chunk.

/** Spec §2: the product type is derived from the path: home kit, game plus bat, game, or bat. */
export type ProductType = 'homeKit' | 'gamePlusBat' | 'game' | 'bat';

export const PRODUCT_PATHS = [
  '/',
  '/ibc-kit',
  '/ibc-kit-no-cost-emi',
  '/ibc-game',
  '/ibc-steam-game',
  '/ibc-game-plus-bat',
  '/custom-designed-bat',
] as const;
export type ProductPath = (typeof PRODUCT_PATHS)[number];

export interface ProductPageConfig {
  path: ProductPath;
  productType: ProductType;
  /** The packages the page sells, in the order it shows them (spec §9 package codes). */
  packageCodes: readonly string[];
  /** The page's h1 (the home page has its own hero and shows this as an h2). */
  heading: string;
  lede: string;
  /** For the route's head(). */
  title: string;
  description: string;
}

const HOME_KIT_CODES = [PACKAGE_CODES.solo, PACKAGE_CODES.family] as const;

export const PRODUCT_PAGES: Record<ProductPath, ProductPageConfig> = {
  '/': {
    path: '/',
    productType: 'homeKit',
    packageCodes: HOME_KIT_CODES,
    heading: 'IBC home kit',
    lede: 'VR headset, tracked bat and the game: solo, or for the whole family.',
    title: 'VR cricket kit, game and bats',
    description:
      'Play real cricket in VR at home: the IBC home kit, the game, game plus bat and custom designed bats, in INR across India and USD abroad.',
  },
  '/ibc-kit': {
    path: '/ibc-kit',
    productType: 'homeKit',
    packageCodes: HOME_KIT_CODES,
    heading: 'IBC home kit',
    lede: 'Everything you need to bat in VR at home: the headset, the tracked bat and the game.',
    title: 'IBC home kit: VR headset, tracked bat and game',
    description:
      'The IBC home kit, solo or family: a VR headset, the sensor-tracked bat and the IBC cricket game, delivered across India and abroad.',
  },
  '/ibc-kit-no-cost-emi': {
    path: '/ibc-kit-no-cost-emi',
    productType: 'homeKit',
    packageCodes: [PACKAGE_CODES.soloNoCostEmi, PACKAGE_CODES.familyNoCostEmi],
    heading: 'IBC home kit on no-cost EMI',
    lede: 'The home kit in monthly instalments at no extra cost, in India.',
    title: 'IBC home kit on no-cost EMI',
    description:
      'Get the IBC VR cricket home kit on no-cost EMI: EMI starts from ₹7,999 a month, no interest, in India.',
  },
  '/ibc-game': {
    path: '/ibc-game',
    productType: 'game',
    packageCodes: [PACKAGE_CODES.game1Profile, PACKAGE_CODES.game5Profile],
    heading: 'IBC cricket game',
    lede: 'Face real bowling in VR on a headset you already own, for one player or five.',
    title: 'IBC cricket game for VR headsets',
    description:
      'The IBC VR cricket game for one or five player profiles: career mode, nets and matches against real bowling.',
  },
  '/ibc-steam-game': {
    path: '/ibc-steam-game',
    productType: 'game',
    packageCodes: [PACKAGE_CODES.steamGame],
    heading: 'IBC cricket game for STEAM',
    lede: 'The full game on your own PC VR headset, as a STEAM key.',
    title: 'IBC cricket game, STEAM edition',
    description: 'The IBC VR cricket game on STEAM for PC VR headsets: a STEAM key, delivered by e-mail.',
  },
  '/ibc-game-plus-bat': {
    path: '/ibc-game-plus-bat',
    productType: 'gamePlusBat',
    packageCodes: [PACKAGE_CODES.gamePlusBat],
    heading: 'IBC game plus bat',
    lede: 'The game with the tracked bat: the weight and swing of the real thing.',
    title: 'IBC game plus tracked bat',
    description:
      'The IBC VR cricket game with the sensor-tracked bat: the weight and swing of a real bat, ball by ball.',
  },
  '/custom-designed-bat': {
    path: '/custom-designed-bat',
    productType: 'bat',
    packageCodes: [PACKAGE_CODES.bat],
    heading: 'Custom designed bat',
    lede: 'An English willow bat made to your grip, weight and design, with a grip and a cover if you like.',
    title: 'Custom designed cricket bat',
    description:
      'A custom designed English willow cricket bat made to your grip and weight, with an optional grip and cover.',
  },
};

/** Every package the product pages sell, once: kept on the device as one list, so any product page opens offline. */
export const PRODUCT_LINE_CODES: readonly string[] = [
  ...new Set(Object.values(PRODUCT_PAGES).flatMap((page) => page.packageCodes)),
];

export function isProductPath(path: string): path is ProductPath {
  return (PRODUCT_PATHS as readonly string[]).includes(path);
}

/** Spec §2: the product type of a path; trailing slashes do not count. Unknown paths have none. */
export function productTypeForPath(path: string): ProductType | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return isProductPath(trimmed) ? PRODUCT_PAGES[trimmed].productType : undefined;
}

export function productPage(path: ProductPath): ProductPageConfig {
  return PRODUCT_PAGES[path];
}

/** The route's head(): the page title and its description. */
export function productHead(path: ProductPath) {
  const page = PRODUCT_PAGES[path];
  return {
    meta: [{ title: pageTitle(page.title) }, { name: 'description', content: page.description }],
  };
}
