/** The `redirect` search param of the sign-in routes: kept as typed; safeRedirect checks it before use. */
export interface RedirectSearch {
  redirect?: string;
}

export function validateRedirectSearch(search: Record<string, unknown>): RedirectSearch {
  return typeof search.redirect === 'string' && search.redirect !== '' ? { redirect: search.redirect } : {};
}
