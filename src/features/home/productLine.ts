/**
 * The product line as the home page presents it. Prices and stock are not here on purpose:
 * they come from the catalogue API, never from a hard-coded list.
 */
/** The product routes the line links to (spec §2). */
export type ProductLinePath =
  | '/ibc-kit'
  | '/ibc-kit-no-cost-emi'
  | '/ibc-game'
  | '/ibc-steam-game'
  | '/ibc-game-plus-bat'
  | '/custom-designed-bat'
  | '/business';

export interface ProductLineEntry {
  id: string;
  name: string;
  summary: string;
  image: string;
  imageAlt: string;
  /** The product route, where there is one. */
  to?: ProductLinePath;
  /** The section of that route's page (the ad packages of /business). */
  hash?: string;
  /** More routes of the same line, e.g. the no-cost EMI kit. */
  more?: { to: ProductLinePath; label: string }[];
}

export const PRODUCT_LINE: ProductLineEntry[] = [
  {
    id: 'home-kit',
    name: 'IBC home kit',
    summary: 'VR headset, sensor-tracked bat and the game. Solo or family, with a no-cost EMI option.',
    image: '/images/line/kit.svg',
    imageAlt: 'An orange VR headset',
    to: '/ibc-kit',
    more: [{ to: '/ibc-kit-no-cost-emi', label: 'On no-cost EMI' }],
  },
  {
    id: 'game',
    name: 'IBC game',
    summary: 'Face real bowling in VR with one or five player profiles, or get the STEAM edition for PC VR.',
    image: '/images/line/game.svg',
    imageAlt: 'A red cricket ball in flight',
    to: '/ibc-game',
    more: [{ to: '/ibc-steam-game', label: 'STEAM edition' }],
  },
  {
    id: 'game-plus-bat',
    name: 'Game plus bat',
    summary: 'The game with our tracked bat: the weight and swing of the real thing.',
    image: '/images/line/bat.svg',
    imageAlt: 'A cricket bat and ball',
    to: '/ibc-game-plus-bat',
  },
  {
    id: 'custom-bat',
    name: 'Custom designed bat',
    summary: 'A bat built to your grip, weight and design, ready for the game and the nets.',
    image: '/images/line/bat.svg',
    imageAlt: 'A cricket bat and ball',
    to: '/custom-designed-bat',
  },
  {
    id: 'business',
    name: 'For venues',
    summary: 'Business licences per pin, the business kit and the club edition for academies and clubs.',
    image: '/images/line/business.svg',
    imageAlt: 'A venue with VR bays',
    to: '/business',
  },
  {
    id: 'ads',
    name: 'Ad packages',
    summary: 'Book screen time on our devices at partner venues for the dates you choose.',
    image: '/images/line/ads.svg',
    imageAlt: 'A screen showing an ad',
    to: '/business',
    hash: 'ad-packages',
  },
];
