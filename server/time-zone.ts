/** The shop's zone (spec §9): its venues' days and its calendar. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
