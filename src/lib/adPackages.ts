/* The ad packages of the catalogue and where they are booked (read by /business and the booking page). */

/** The ad packages the shop sells, one per venue. */
export const AD_PACKAGE_CODES = ['AD_MUMBAI_ARENA', 'AD_BENGALURU_MALL'] as const;

/** The booking page; `?package=` names the venue's package. */
export const AD_BOOKING_PATH = '/business/ad-booking';
