import { createContext, Suspense, useContext, useLayoutEffect } from 'react';

const OnHydrated = createContext<() => void>(() => {});

/** Gives the HydrationMarker inside the page (src/routes/__root.tsx) the function to call once the page is live. */
export const OnHydratedProvider = OnHydrated.Provider;

function Marker({ onHydrated }: { onHydrated: () => void }) {
  useLayoutEffect(() => onHydrated(), [onHydrated]);
  return null;
}

/**
 * Says when React has adopted the whole server-rendered page. The router puts each page inside a Suspense
 * boundary, and React hydrates such a boundary after the rest of the app, in a later commit of its lowest
 * priority. Any update that reaches the page before then (a restored cart, the end of the query cache's restore)
 * makes React hydrate it at once, in one long task. This marker is a Suspense boundary too, so it is hydrated in
 * the same later commit, and `onHydrated` (else the OnHydratedProvider's) runs once the page is live. Over a page
 * rendered in the browser it runs at the first commit. The server renders it too; effects do not run there.
 */
export function HydrationMarker({ onHydrated }: { onHydrated?: () => void }) {
  const provided = useContext(OnHydrated);
  return (
    <Suspense fallback={null}>
      <Marker onHydrated={onHydrated ?? provided} />
    </Suspense>
  );
}
