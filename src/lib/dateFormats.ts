/** Spec §9 date formats (date-fns patterns). No dependencies, so a page that only formats a date pays for nothing else. */
export const DATE_FORMAT = 'dd/MM/yyyy';
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const LONG_DATE_FORMAT = 'd MMMM yyyy';
/** A day in a list of dates (an ad booking's): 10 Dec 2026. */
export const SHORT_DATE_FORMAT = 'd MMM yyyy';
/** The one way a time of day is shown: 18:52. */
export const TIME_FORMAT = 'HH:mm';
