/** The book-a-demo routes of spec §2, and the form another page builds. */
export const DEMO_PATHS = {
  about: '/book-a-demo',
  notifyMe: '/book-a-demo-notify-me',
  availability: '/book-a-demo-availability-check',
  form: '/form/book-a-demo',
} as const;
