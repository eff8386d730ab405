import type { AdPackageRef } from './adBooking';

/** The seed's Mumbai arena package as the booking refers to it. */
export const MUMBAI: AdPackageRef = {
  packageId: 41,
  packageCode: 'AD_MUMBAI_ARENA',
  productId: 410,
  adConfigId: 7,
  adName: 'Arena bay screens',
  venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
};
