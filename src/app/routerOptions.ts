/**
 * The router options every router of the shop shares (the browser's in boot/startApp.tsx, the build's in
 * src/prerender.tsx), so a page is matched the same way wherever it is rendered. Spec §2: routes are matched
 * exactly ("/IBC-KIT" is not "/ibc-kit") and trailing slashes are removed (the server redirects them too).
 */
export const SHOP_ROUTER_OPTIONS = {
  caseSensitive: true,
  trailingSlash: 'never',
} as const;
