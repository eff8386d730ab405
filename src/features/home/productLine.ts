/**
 * The product line as the home page presents it. Prices and stock are not here on purpose:
 * they come from the catalogue API, never from a hard-coded list.
 */
export interface ProductLineEntry {
  id: string;
  name: string;
  summary: string;
  image: string;
  imageAlt: string;
}

export const PRODUCT_LINE: ProductLineEntry[] = [
  {
    id: 'home-kit',
    name: 'IBC home kit',
    summary: 'VR headset, sensor-tracked bat and the game. Solo or family, with a no-cost EMI option.',
    image: '/images/line/kit.svg',
    imageAlt: 'An orange VR headset',
  },
  {
    id: 'game',
    name: 'IBC game',
    summary: 'Face real bowling in VR with one or five player profiles, or get the STEAM edition for PC VR.',
    image: '/images/line/game.svg',
    imageAlt: 'A red cricket ball in flight',
  },
  {
    id: 'game-plus-bat',
    name: 'Game plus bat',
    summary: 'The game with our tracked bat: the weight and swing of the real thing.',
    image: '/images/line/bat.svg',
    imageAlt: 'A cricket bat and ball',
  },
  {
    id: 'custom-bat',
    name: 'Custom designed bat',
    summary: 'A bat built to your grip, weight and design, ready for the game and the nets.',
    image: '/images/line/bat.svg',
    imageAlt: 'A cricket bat and ball',
  },
  {
    id: 'business',
    name: 'For venues',
    summary: 'Business licences per pin, the business kit and the club edition for academies and clubs.',
    image: '/images/line/business.svg',
    imageAlt: 'A venue with VR bays',
  },
  {
    id: 'ads',
    name: 'Ad packages',
    summary: 'Book screen time on our devices at partner venues for the dates you choose.',
    image: '/images/line/ads.svg',
    imageAlt: 'A screen showing an ad',
  },
];
