import { Suspense, useLayoutEffect } from 'react';

function Marker({ onHydrated }: { onHydrated: () => void }) {
  useLayoutEffect(() => onHydrated(), [onHydrated]);
  return null;
}

/**
 * Says when React has adopted the whole prerendered page. The router puts each page inside a Suspense boundary,
 * and React hydrates such a boundary after the rest of the app, in a later commit of its lowest priority. Any
 * update that reaches the page before then (a restored cart, the end of the query cache's restore) makes React
 * hydrate it at once, in one long task. This marker is a Suspense boundary too, so it is hydrated in the same
 * later commit, and `onHydrated` runs once the page is live. Over a page rendered in the browser (no
 * prerendered HTML) it runs at the first commit.
 *
 * The prerender renders it as well (without a callback; effects don't run there), so the markup matches.
 */
export function HydrationMarker({ onHydrated = () => {} }: { onHydrated?: () => void }) {
  return (
    <Suspense fallback={null}>
      <Marker onHydrated={onHydrated} />
    </Suspense>
  );
}
