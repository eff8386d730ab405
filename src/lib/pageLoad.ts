/**
 * The full-page loads the app makes (a payment link, the identity provider, a reload for a new version), in one
 * object so tests can watch them: jsdom cannot load another page, and its `window.location` cannot be replaced.
 */
export const pageLoad = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
