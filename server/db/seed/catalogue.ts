import { LICENCE_PRODUCT_CODES, PACKAGE_CODES } from '@contract/catalogue';
import { toMinor } from '@contract/money';
import { TZDate } from '@date-fns/tz';
import { addYears, format } from 'date-fns';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { taxableFromInclusive } from '../../modules/pricing/pricing';
import { DEFAULT_TIME_ZONE } from '../../time-zone';
import * as schema from '../schema';

type SeedDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/*
 * The real product line (issue 3; spec §1, §9). Prices are per currency: INR for India, USD for
 * everywhere else. Consumer INR prices are written as the GST-inclusive shelf price (MRP) a buyer
 * sees, and the stored taxable amount is derived from it with the product's GST rate (HSN):
 *   VR headset 8528 and sensor hardware 9504 at 18 %, bats and bat accessories 9506 at 12 %,
 *   game keys (online content, SAC 998439) and licences (SAC 997331) at 18 %, ad slots (SAC 998366) at 18 %.
 * Business prices (licences, the business edition, ads) are quoted before GST, as businesses are.
 * USD prices are export prices: no GST is charged on them (DESIGN.md §6).
 *
 * Every GST-inclusive price a buyer sees is whole rupees: each shelf price is, and the two products a package
 * holds twice (headset at 18 %, tracked bat at 12 %) and the custom bat's parts, bought in any number, have a taxable
 * amount whose GST is exact (e.g. ₹30,500 + ₹5,490, ₹6,250 + ₹750), so two cost exactly twice one. The catalogue
 * test checks every package.
 *
 * The headline no-cost EMI kit (SOLO_NO_COST_EMI, 6 months) totals ₹47,989 with GST, so
 * "EMI starts from" is ceil(47,989 / 6) = ₹7,999, the spec §9 constant.
 *
 * The step inserts only what is missing (codes are unique): a restart keeps an operator's price
 * and stock changes.
 */

const SELF = { vendorType: 'SELF', vendorName: 'IBC Cricket' } as const;
const BAT_MAKER = { vendorType: 'OTHER', vendorName: 'Kashmir Willow Works' } as const;

const ALL_MARKETS = ['IN', 'US', 'GB', 'CA', 'AU'];
const INDIA_ONLY = ['IN'];
const CRICKET_CLUB_MARKETS = ['IN', 'GB', 'AU'];

type InrPrice = { mrp: number; originalMrp?: number } | { taxable: number; originalTaxable?: number };
interface SeedProduct {
  code: string;
  name: string;
  description: string;
  picture: string;
  productType: 'game' | 'default' | 'ad';
  /** undefined: UNLIMITED. */
  stock?: number;
  /** Units one order may take; undefined: ORDER_MAX_QUANTITY. */
  maxPerOrder?: number;
  hsnCode: string;
  gstRateBp: number;
  vendor: { vendorType: 'SELF' | 'OTHER'; vendorName: string };
  moreDetailsLink: string | null;
  category: string;
  inr: InrPrice;
  usd?: { taxable: number; originalTaxable?: number };
}

const pic = (name: string) => `/images/products/${name}.svg`;

export const SEED_CATEGORIES = [
  {
    categoryCode: 'VR_HARDWARE',
    name: 'VR hardware',
    description: 'The headset and the sensor-tracked bat.',
    picUrl: pic('headset'),
  },
  {
    categoryCode: 'GAME',
    name: 'Game',
    description: 'Game keys for the IBC cricket game.',
    picUrl: pic('game'),
  },
  {
    categoryCode: 'BAT',
    name: 'Bats and accessories',
    description: 'The custom designed bat, its grip and its cover.',
    picUrl: pic('custom-bat'),
  },
  {
    categoryCode: 'LICENCE',
    name: 'Business licences',
    description: 'Per-pin licences for venues, academies and clubs.',
    picUrl: pic('business-licence'),
  },
  {
    categoryCode: 'AD_SLOT',
    name: 'Ad slots',
    description: 'Screen time on our devices at partner venues, by device and day.',
    picUrl: pic('ad-arena'),
  },
];

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    code: 'IBC_VR_HEADSET',
    name: 'IBC VR headset',
    description:
      'Standalone VR headset set up for the IBC cricket game, with two controllers and a charging cable.',
    picture: 'headset',
    productType: 'default',
    stock: 120,
    hsnCode: '8528',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: '/help#playing',
    category: 'VR_HARDWARE',
    inr: { mrp: 35_990, originalMrp: 38_999 },
    usd: { taxable: 449, originalTaxable: 499 },
  },
  {
    code: 'IBC_TRACKED_BAT',
    name: 'IBC tracked bat',
    description:
      'A full-size bat shell with a motion tracker in the handle: the weight and swing of the real thing.',
    picture: 'tracked-bat',
    productType: 'default',
    stock: 200,
    hsnCode: '9506',
    gstRateBp: 1200,
    vendor: SELF,
    moreDetailsLink: '/help#playing',
    category: 'VR_HARDWARE',
    inr: { mrp: 7_000 },
    usd: { taxable: 89 },
  },
  {
    code: 'IBC_GAME_1_PROFILE_KEY',
    name: 'IBC cricket game, 1 profile',
    description: 'Game key for one player profile: career mode, nets and matches against real bowling.',
    picture: 'game',
    productType: 'game',
    hsnCode: '998439',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: '/help#app',
    category: 'GAME',
    inr: { mrp: 4_999, originalMrp: 5_999 },
    usd: { taxable: 59, originalTaxable: 69 },
  },
  {
    code: 'IBC_GAME_5_PROFILE_KEY',
    name: 'IBC cricket game, 5 profiles',
    description:
      'Game key for up to five player profiles on one headset: the whole family keeps its own stats.',
    picture: 'game',
    productType: 'game',
    hsnCode: '998439',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: '/help#app',
    category: 'GAME',
    inr: { mrp: 9_999 },
    usd: { taxable: 119 },
  },
  {
    code: 'IBC_STEAM_GAME_KEY',
    name: 'IBC cricket game for STEAM',
    description: 'STEAM key for PC VR headsets: the full game on your own PC.',
    picture: 'steam-game',
    productType: 'game',
    hsnCode: '998439',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: '/help#app',
    category: 'GAME',
    inr: { mrp: 1_499 },
    usd: { taxable: 19.99 },
  },
  {
    code: 'IBC_CUSTOM_BAT',
    name: 'Custom designed bat',
    description: 'English willow bat made to your grip, weight and design by our bat-maker partner.',
    picture: 'custom-bat',
    productType: 'default',
    stock: 40,
    maxPerOrder: 5,
    hsnCode: '9506',
    gstRateBp: 1200,
    vendor: BAT_MAKER,
    moreDetailsLink: null,
    category: 'BAT',
    inr: { mrp: 4_984 },
    usd: { taxable: 79 },
  },
  {
    code: 'IBC_BAT_GRIP',
    name: 'Bat grip',
    description: 'Textured rubber grip in the IBC colours.',
    picture: 'bat-grip',
    productType: 'default',
    stock: 500,
    maxPerOrder: 20,
    hsnCode: '9506',
    gstRateBp: 1200,
    vendor: SELF,
    moreDetailsLink: null,
    category: 'BAT',
    inr: { mrp: 308 },
    usd: { taxable: 5.99 },
  },
  {
    code: 'IBC_BAT_COVER',
    name: 'Bat cover',
    description: 'Padded full-length bat cover with a shoulder strap.',
    picture: 'bat-cover',
    productType: 'default',
    stock: 150,
    hsnCode: '9506',
    gstRateBp: 1200,
    vendor: SELF,
    moreDetailsLink: null,
    category: 'BAT',
    inr: { mrp: 588 },
    usd: { taxable: 9.99 },
  },
  {
    code: 'IBC_CLUB_PITCH_SENSOR',
    name: 'Club pitch sensor kit',
    description:
      'Floor sensors and a bowling-machine sync unit for a club net. This season’s batch is sold out.',
    picture: 'club-edition',
    productType: 'default',
    stock: 0,
    maxPerOrder: 2,
    hsnCode: '9504',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: '/club-edition',
    category: 'VR_HARDWARE',
    inr: { mrp: 24_999 },
    usd: { taxable: 349 },
  },
  {
    code: LICENCE_PRODUCT_CODES.businessEditionGame,
    name: 'IBC business edition game',
    description: 'The business edition of the game with its venue hardware, per pin. One-time.',
    picture: 'business-licence',
    productType: 'default',
    stock: 25,
    hsnCode: '9504',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: '/business-licence-terms-and-conditions',
    category: 'LICENCE',
    inr: { taxable: 50_000 },
  },
  {
    code: LICENCE_PRODUCT_CODES.premium,
    name: 'IBC premium licence',
    description: 'Annual premium licence per pin: every mode, tournaments and leaderboards for your venue.',
    picture: 'business-licence',
    productType: 'default',
    maxPerOrder: 25,
    hsnCode: '997331',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: '/business-licence-terms-and-conditions',
    category: 'LICENCE',
    inr: { taxable: 1_00_000 },
  },
  {
    code: LICENCE_PRODUCT_CODES.basic,
    name: 'IBC basic licence',
    description: 'Annual basic licence per pin: nets and quick matches.',
    picture: 'business-licence',
    productType: 'default',
    maxPerOrder: 25,
    hsnCode: '997331',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: '/business-licence-terms-and-conditions',
    category: 'LICENCE',
    inr: { taxable: 60_000 },
  },
  {
    code: 'IBC_AD_SLOT_MUMBAI_ARENA',
    name: 'Ad slot, IBC Cricket Arena Mumbai',
    description: 'Your ad on one arena device for one day (quantity = days × devices).',
    picture: 'ad-arena',
    productType: 'ad',
    hsnCode: '998366',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: null,
    category: 'AD_SLOT',
    inr: { taxable: 1_500 },
  },
  {
    code: 'IBC_AD_SLOT_BENGALURU_MALL',
    name: 'Ad slot, IBC Experience Zone Bengaluru',
    description: 'Your ad on one experience-zone device for one day (quantity = days × devices).',
    picture: 'ad-mall',
    productType: 'ad',
    hsnCode: '998366',
    gstRateBp: 1800,
    vendor: SELF,
    moreDetailsLink: null,
    category: 'AD_SLOT',
    inr: { taxable: 1_000 },
  },
];

interface SeedPackage {
  code: string;
  name: string;
  description: string;
  picture: string;
  packageType: 'fixed' | 'customizable' | 'ad';
  /** Product code → default quantity. */
  contents: [string, number][];
  countries: string[];
  noCostEmiMonths?: number;
  shipping: boolean;
  /** The package's own price, where it has one (INR, major units, before GST). */
  ownInrPrice?: number;
}

export const SEED_PACKAGES: SeedPackage[] = [
  {
    code: PACKAGE_CODES.solo,
    name: 'IBC home kit - Solo',
    description: 'VR headset, tracked bat and the game for one player profile.',
    picture: 'home-kit-solo',
    packageType: 'fixed',
    contents: [
      ['IBC_VR_HEADSET', 1],
      ['IBC_TRACKED_BAT', 1],
      ['IBC_GAME_1_PROFILE_KEY', 1],
    ],
    countries: ALL_MARKETS,
    shipping: true,
  },
  {
    code: PACKAGE_CODES.family,
    name: 'IBC home kit - Family',
    description: 'VR headset, two tracked bats and the game for up to five player profiles.',
    picture: 'home-kit-family',
    packageType: 'fixed',
    contents: [
      ['IBC_VR_HEADSET', 1],
      ['IBC_TRACKED_BAT', 2],
      ['IBC_GAME_5_PROFILE_KEY', 1],
    ],
    countries: ALL_MARKETS,
    shipping: true,
  },
  {
    code: PACKAGE_CODES.soloNoCostEmi,
    name: 'IBC home kit - Solo, no-cost EMI',
    description: 'The solo home kit in 6 monthly instalments at no extra cost.',
    picture: 'home-kit-solo',
    packageType: 'fixed',
    contents: [
      ['IBC_VR_HEADSET', 1],
      ['IBC_TRACKED_BAT', 1],
      ['IBC_GAME_1_PROFILE_KEY', 1],
    ],
    countries: INDIA_ONLY,
    noCostEmiMonths: 6,
    shipping: true,
  },
  {
    code: PACKAGE_CODES.familyNoCostEmi,
    name: 'IBC home kit - Family, no-cost EMI',
    description: 'The family home kit in 12 monthly instalments at no extra cost.',
    picture: 'home-kit-family',
    packageType: 'fixed',
    contents: [
      ['IBC_VR_HEADSET', 1],
      ['IBC_TRACKED_BAT', 2],
      ['IBC_GAME_5_PROFILE_KEY', 1],
    ],
    countries: INDIA_ONLY,
    noCostEmiMonths: 12,
    shipping: true,
  },
  {
    code: PACKAGE_CODES.game1Profile,
    name: 'IBC game - 1 profile',
    description: 'The game for one player profile, for a headset you already own.',
    picture: 'game',
    packageType: 'fixed',
    contents: [['IBC_GAME_1_PROFILE_KEY', 1]],
    countries: ALL_MARKETS,
    shipping: false,
  },
  {
    code: PACKAGE_CODES.game5Profile,
    name: 'IBC game - 5 profiles',
    description: 'The game for up to five player profiles on one headset.',
    picture: 'game',
    packageType: 'fixed',
    contents: [['IBC_GAME_5_PROFILE_KEY', 1]],
    countries: ALL_MARKETS,
    shipping: false,
  },
  {
    code: PACKAGE_CODES.steamGame,
    name: 'IBC game - STEAM edition',
    description: 'The game on STEAM for PC VR headsets.',
    picture: 'steam-game',
    packageType: 'fixed',
    contents: [['IBC_STEAM_GAME_KEY', 1]],
    countries: ALL_MARKETS,
    shipping: false,
  },
  {
    code: PACKAGE_CODES.gamePlusBat,
    name: 'IBC game plus bat',
    description: 'The game for one profile with the tracked bat.',
    picture: 'game-plus-bat',
    packageType: 'fixed',
    contents: [
      ['IBC_GAME_1_PROFILE_KEY', 1],
      ['IBC_TRACKED_BAT', 1],
    ],
    countries: ALL_MARKETS,
    shipping: true,
  },
  {
    code: PACKAGE_CODES.bat,
    name: 'Custom designed bat',
    description: 'Design your bat, and add a grip and a cover if you like.',
    picture: 'custom-bat',
    packageType: 'customizable',
    contents: [
      ['IBC_CUSTOM_BAT', 0],
      ['IBC_BAT_GRIP', 0],
      ['IBC_BAT_COVER', 0],
    ],
    countries: ALL_MARKETS,
    shipping: true,
  },
  {
    code: PACKAGE_CODES.businessLicence,
    name: 'IBC business licence',
    description:
      'For venues, per pin: the business edition hardware at 50,000 one-time and the licence at 1,00,000 a year.',
    picture: 'business-licence',
    packageType: 'customizable',
    contents: [
      [LICENCE_PRODUCT_CODES.businessEditionGame, 0],
      [LICENCE_PRODUCT_CODES.premium, 0],
      [LICENCE_PRODUCT_CODES.basic, 0],
    ],
    countries: INDIA_ONLY,
    shipping: true,
    // The licence panel's headline per pin: hardware 50,000 + the first year's licence 1,00,000.
    ownInrPrice: 1_50_000,
  },
  {
    code: PACKAGE_CODES.businessKit,
    name: 'IBC business kit',
    description:
      'Two bays for a venue: headsets, tracked bats, the business edition and a year of premium licence.',
    picture: 'business-kit',
    packageType: 'fixed',
    contents: [
      ['IBC_VR_HEADSET', 2],
      ['IBC_TRACKED_BAT', 2],
      [LICENCE_PRODUCT_CODES.businessEditionGame, 1],
      [LICENCE_PRODUCT_CODES.premium, 1],
    ],
    countries: INDIA_ONLY,
    shipping: true,
  },
  {
    code: PACKAGE_CODES.clubEdition,
    name: 'IBC club edition',
    description: 'A VR net for clubs and academies: two headsets, two tracked bats and the pitch sensor kit.',
    picture: 'club-edition',
    packageType: 'fixed',
    contents: [
      ['IBC_VR_HEADSET', 2],
      ['IBC_TRACKED_BAT', 2],
      ['IBC_CLUB_PITCH_SENSOR', 1],
    ],
    countries: CRICKET_CLUB_MARKETS,
    shipping: true,
  },
  {
    code: 'AD_MUMBAI_ARENA',
    name: 'Ads at IBC Cricket Arena, Mumbai',
    description: 'Show your ad on the arena’s VR bays for the days you choose.',
    picture: 'ad-arena',
    packageType: 'ad',
    contents: [['IBC_AD_SLOT_MUMBAI_ARENA', 0]],
    countries: INDIA_ONLY,
    shipping: false,
  },
  {
    code: 'AD_BENGALURU_MALL',
    name: 'Ads at IBC Experience Zone, Bengaluru',
    description: 'Show your ad on the experience zone’s devices for the days you choose.',
    picture: 'ad-mall',
    packageType: 'ad',
    contents: [['IBC_AD_SLOT_BENGALURU_MALL', 0]],
    countries: INDIA_ONLY,
    shipping: false,
  },
];

/** The venues take bookings from this day (a past start is harmless: no one books before today). */
const AD_WINDOW_START = '2026-01-01';
/** How far ahead the venues take bookings: counted from the seeding day, so the window never runs out on a new shop. */
const AD_WINDOW_YEARS = 2;

const SEED_ADS = [
  {
    packageCode: 'AD_MUMBAI_ARENA',
    productCode: 'IBC_AD_SLOT_MUMBAI_ARENA',
    adName: 'Arena bay screens',
    venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
    startDate: AD_WINDOW_START,
    adAssets: [
      { asset_url: pic('ad-arena'), asset_template_image_config_id: 101 },
      { asset_url: pic('ad-arena'), asset_template_image_config_id: 102 },
    ],
    devices: [
      { code: 'MUM-ARENA-BAY-1', name: 'Arena bay 1' },
      { code: 'MUM-ARENA-BAY-2', name: 'Arena bay 2' },
      { code: 'MUM-ARENA-BAY-3', name: 'Arena bay 3' },
    ],
  },
  {
    packageCode: 'AD_BENGALURU_MALL',
    productCode: 'IBC_AD_SLOT_BENGALURU_MALL',
    adName: 'Experience zone screens',
    venue: 'IBC Experience Zone, Koramangala, Bengaluru',
    startDate: AD_WINDOW_START,
    adAssets: [{ asset_url: pic('ad-mall'), asset_template_image_config_id: 201 }],
    devices: [
      { code: 'BLR-MALL-1', name: 'Atrium screen' },
      { code: 'BLR-MALL-2', name: 'Food court screen' },
      { code: 'BLR-MALL-3', name: 'Entrance screen' },
    ],
  },
];

/*
 * The custom bat's choices. INR deltas are GST-inclusive like the bat's MRP, each a multiple of ₹28 so its taxable
 * part (₹25 a step at 12 %) keeps every designed bat's GST-inclusive price whole rupees. Each group's first option
 * adds nothing, so the bat's listed price is the plainest design's.
 */
const SEED_BAT_OPTIONS: {
  group: 'willow' | 'size' | 'weight' | 'handle' | 'grip';
  code: string;
  label: string;
  detail: string;
  inrMrp: number;
  usd: number;
  colour?: string;
  lengthMm?: number;
}[] = [
  {
    group: 'willow',
    code: 'KASHMIR',
    label: 'Kashmir willow',
    detail: 'Harder, darker wood; a sturdy first bat',
    inrMrp: 0,
    usd: 0,
    colour: '#c79a5b',
  },
  {
    group: 'willow',
    code: 'ENGLISH_4',
    label: 'English willow grade 4',
    detail: 'Six or more grains, some blemishes',
    inrMrp: 1_680,
    usd: 15,
    colour: '#dcb77c',
  },
  {
    group: 'willow',
    code: 'ENGLISH_3',
    label: 'English willow grade 3',
    detail: 'Eight or more grains, a few marks',
    inrMrp: 3_360,
    usd: 30,
    colour: '#e5c792',
  },
  {
    group: 'willow',
    code: 'ENGLISH_2',
    label: 'English willow grade 2',
    detail: 'Ten or more straight grains',
    inrMrp: 5_600,
    usd: 50,
    colour: '#eed6a8',
  },
  {
    group: 'willow',
    code: 'ENGLISH_1',
    label: 'English willow grade 1',
    detail: 'The finest cleft: straight grains, no marks',
    inrMrp: 8_400,
    usd: 75,
    colour: '#f6e6c4',
  },
  {
    group: 'size',
    code: 'SH',
    label: 'SH',
    detail: 'Short handle, 33.5 in: most adults',
    inrMrp: 0,
    usd: 0,
    lengthMm: 851,
  },
  {
    group: 'size',
    code: 'LH',
    label: 'LH',
    detail: 'Long handle, 34.5 in: taller players',
    inrMrp: 280,
    usd: 3,
    lengthMm: 876,
  },
  {
    group: 'size',
    code: 'HARROW',
    label: 'Harrow',
    detail: '33 in: ages 13 to 15',
    inrMrp: 0,
    usd: 0,
    lengthMm: 838,
  },
  {
    group: 'size',
    code: 'SIZE_6',
    label: 'Size 6',
    detail: '32 in: ages 11 to 13',
    inrMrp: 0,
    usd: 0,
    lengthMm: 813,
  },
  {
    group: 'size',
    code: 'SIZE_5',
    label: 'Size 5',
    detail: '30.5 in: ages 9 to 11',
    inrMrp: 0,
    usd: 0,
    lengthMm: 775,
  },
  {
    group: 'size',
    code: 'SIZE_4',
    label: 'Size 4',
    detail: '29.5 in: ages 8 to 10',
    inrMrp: 0,
    usd: 0,
    lengthMm: 749,
  },
  {
    group: 'weight',
    code: 'W_2LB7_2LB9',
    label: '2lb 7oz–2lb 9oz',
    detail: 'Light pick-up: quick hands',
    inrMrp: 0,
    usd: 0,
  },
  {
    group: 'weight',
    code: 'W_2LB8_2LB10',
    label: '2lb 8oz–2lb 10oz',
    detail: 'The all-rounder’s weight',
    inrMrp: 0,
    usd: 0,
  },
  {
    group: 'weight',
    code: 'W_2LB10_2LB12',
    label: '2lb 10oz–2lb 12oz',
    detail: 'More wood for power',
    inrMrp: 0,
    usd: 0,
  },
  {
    group: 'weight',
    code: 'W_2LB12_3LB',
    label: '2lb 12oz–3lb 0oz',
    detail: 'Heavy: for strong hitters',
    inrMrp: 0,
    usd: 0,
  },
  {
    group: 'handle',
    code: 'ROUND',
    label: 'round handle',
    detail: 'Freer wrists, more bottom hand',
    inrMrp: 0,
    usd: 0,
  },
  {
    group: 'handle',
    code: 'OVAL',
    label: 'oval handle',
    detail: 'Easier to feel the face',
    inrMrp: 0,
    usd: 0,
  },
  {
    group: 'grip',
    code: 'CHEVRON',
    label: 'chevron grip',
    detail: 'The classic ridged grip',
    inrMrp: 0,
    usd: 0,
  },
  {
    group: 'grip',
    code: 'OCTOPUS',
    label: 'octopus grip',
    detail: 'Raised dimples: a firm hold',
    inrMrp: 112,
    usd: 1,
  },
  {
    group: 'grip',
    code: 'SMOOTH',
    label: 'smooth grip',
    detail: 'Thin and smooth for a light feel',
    inrMrp: 56,
    usd: 0.5,
  },
];

/** Past sales of the sold-out club edition, so "last sale" has something true to say. Marked source 'seed'. */
const SEED_SALES = [
  { packageCode: PACKAGE_CODES.clubEdition, daysAgo: 4, quantity: 1 },
  { packageCode: PACKAGE_CODES.clubEdition, daysAgo: 11, quantity: 2 },
  { packageCode: PACKAGE_CODES.clubEdition, daysAgo: 47, quantity: 1 },
];

function inrPriceMinor(p: SeedProduct): { amount: number; original: number | null } {
  const price = p.inr;
  if ('mrp' in price) {
    return {
      amount: taxableFromInclusive(toMinor(price.mrp, 'INR'), p.gstRateBp),
      original:
        price.originalMrp === undefined
          ? null
          : taxableFromInclusive(toMinor(price.originalMrp, 'INR'), p.gstRateBp),
    };
  }
  return {
    amount: toMinor(price.taxable, 'INR'),
    original: price.originalTaxable === undefined ? null : toMinor(price.originalTaxable, 'INR'),
  };
}

export async function seedCatalogue(db: SeedDatabase, now: Date = new Date()): Promise<void> {
  await db.insert(schema.categories).values(SEED_CATEGORIES).onConflictDoNothing();
  const categoryRows = await db.select().from(schema.categories);
  const categoryId = new Map(categoryRows.map((c) => [c.categoryCode, c.id]));

  await db
    .insert(schema.products)
    .values(
      SEED_PRODUCTS.map((p) => ({
        productCode: p.code,
        name: p.name,
        description: p.description,
        picUrl: pic(p.picture),
        pictures: [pic(p.picture)],
        productType: p.productType,
        availabilityType: p.stock === undefined ? ('UNLIMITED' as const) : ('LIMITED' as const),
        availableQuantity: p.stock ?? 0,
        maxOrderQuantity: p.maxPerOrder ?? null,
        hsnCode: p.hsnCode,
        gstRateBp: p.gstRateBp,
        vendorType: p.vendor.vendorType,
        vendorName: p.vendor.vendorName,
        moreDetailsLink: p.moreDetailsLink,
        categoryId: categoryId.get(p.category) ?? null,
      })),
    )
    .onConflictDoNothing({ target: schema.products.productCode });
  const productRows = await db
    .select({ id: schema.products.id, code: schema.products.productCode })
    .from(schema.products)
    .where(
      inArray(
        schema.products.productCode,
        SEED_PRODUCTS.map((p) => p.code),
      ),
    );
  const productId = (code: string) => {
    const id = productRows.find((r) => r.code === code)?.id;
    if (id === undefined) throw new Error(`seed: product ${code} missing`);
    return id;
  };

  await db
    .insert(schema.productPrices)
    .values(
      SEED_PRODUCTS.flatMap((p) => {
        const inr = inrPriceMinor(p);
        const rows: (typeof schema.productPrices.$inferInsert)[] = [
          {
            productId: productId(p.code),
            currency: 'INR',
            taxableAmountMinor: inr.amount,
            originalTaxableAmountMinor: inr.original,
          },
        ];
        if (p.usd) {
          rows.push({
            productId: productId(p.code),
            currency: 'USD',
            taxableAmountMinor: toMinor(p.usd.taxable, 'USD'),
            originalTaxableAmountMinor:
              p.usd.originalTaxable === undefined ? null : toMinor(p.usd.originalTaxable, 'USD'),
          });
        }
        return rows;
      }),
    )
    .onConflictDoNothing();

  await db
    .insert(schema.packages)
    .values(
      SEED_PACKAGES.map((p, i) => {
        const pictures = [
          pic(p.picture),
          ...p.contents.map(([code]) =>
            pic(SEED_PRODUCTS.find((s) => s.code === code)?.picture ?? p.picture),
          ),
        ];
        return {
          packageCode: p.code,
          name: p.name,
          description: p.description,
          picUrl: pic(p.picture),
          pictures: [...new Set(pictures)],
          packageType: p.packageType,
          noCostEmi: p.noCostEmiMonths !== undefined,
          emiTenureMonths: p.noCostEmiMonths ?? null,
          isShippingRequired: p.shipping,
          availableCountries: p.countries,
          sortOrder: (i + 1) * 10,
        };
      }),
    )
    .onConflictDoNothing({ target: schema.packages.packageCode });
  const packageRows = await db
    .select({ id: schema.packages.id, code: schema.packages.packageCode })
    .from(schema.packages)
    .where(
      inArray(
        schema.packages.packageCode,
        SEED_PACKAGES.map((p) => p.code),
      ),
    );
  const packageId = (code: string) => {
    const id = packageRows.find((r) => r.code === code)?.id;
    if (id === undefined) throw new Error(`seed: package ${code} missing`);
    return id;
  };

  await db
    .insert(schema.packageProducts)
    .values(
      SEED_PACKAGES.flatMap((p) =>
        p.contents.map(([code, quantity], i) => ({
          packageId: packageId(p.code),
          productId: productId(code),
          defaultQuantity: quantity,
          sortOrder: i,
        })),
      ),
    )
    .onConflictDoNothing();

  const ownPrices = SEED_PACKAGES.flatMap((p) =>
    p.ownInrPrice === undefined
      ? []
      : [
          {
            packageId: packageId(p.code),
            currency: 'INR' as const,
            priceMinor: toMinor(p.ownInrPrice, 'INR'),
          },
        ],
  );
  if (ownPrices.length > 0) await db.insert(schema.packagePrices).values(ownPrices).onConflictDoNothing();

  for (const ad of SEED_ADS) {
    await db
      .insert(schema.adConfigs)
      .values({
        packageId: packageId(ad.packageCode),
        productId: productId(ad.productCode),
        adName: ad.adName,
        venue: ad.venue,
        timeZone: DEFAULT_TIME_ZONE,
        startDate: ad.startDate,
        endDate: format(addYears(new TZDate(now, DEFAULT_TIME_ZONE), AD_WINDOW_YEARS), 'yyyy-MM-dd'),
        adAssets: ad.adAssets,
      })
      .onConflictDoNothing({ target: schema.adConfigs.packageId });
    const [config] = await db
      .select({ id: schema.adConfigs.id })
      .from(schema.adConfigs)
      .where(eq(schema.adConfigs.packageId, packageId(ad.packageCode)));
    if (!config) throw new Error(`seed: ad config of ${ad.packageCode} missing`);
    await db
      .insert(schema.adDevices)
      .values(
        ad.devices.map((device, i) => ({
          adConfigId: config.id,
          deviceCode: device.code,
          deviceName: device.name,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing({ target: schema.adDevices.deviceCode });
  }

  await db
    .insert(schema.productOptions)
    .values(
      SEED_BAT_OPTIONS.map((o, i) => ({
        productId: productId('IBC_CUSTOM_BAT'),
        optionGroup: o.group,
        code: o.code,
        label: o.label,
        detail: o.detail,
        priceDeltaInrMinor: taxableFromInclusive(toMinor(o.inrMrp, 'INR'), 1200),
        priceDeltaUsdMinor: toMinor(o.usd, 'USD'),
        colour: o.colour ?? null,
        lengthMm: o.lengthMm ?? null,
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();

  for (const code of new Set(SEED_SALES.map((s) => s.packageCode))) {
    const id = packageId(code);
    const existing = await db
      .select({ id: schema.packageSales.id })
      .from(schema.packageSales)
      .where(and(eq(schema.packageSales.packageId, id), eq(schema.packageSales.source, 'seed')))
      .limit(1);
    if (existing.length > 0) continue;
    await db.insert(schema.packageSales).values(
      SEED_SALES.filter((s) => s.packageCode === code).map((s) => ({
        packageId: id,
        quantity: s.quantity,
        soldAt: new Date(now.getTime() - s.daysAgo * 86_400_000),
        orderId: null,
        source: 'seed' as const,
      })),
    );
  }
}
