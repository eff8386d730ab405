import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PROFILE_QUERY_KEY } from '@/api/userKeys';
import { hydrateCart } from '@/state/cart';
import { bindCountryQueryClient, hydrateCountry } from '@/state/country';
import { track } from '../features/analytics/track';
import { AuthProvider } from '../features/auth/AuthProvider';
import { routeTree } from '../routeTree.gen';
import {
  createQueryPersister,
  QUERY_PERSIST_BUSTER,
  QUERY_PERSIST_MAX_AGE_MS,
  shouldPersistQuery,
} from '../storage/persister';
import { HydrationMarker } from './HydrationMarker';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { createQueryClient } from './queryClient';
import { SHOP_ROUTER_OPTIONS } from './routerOptions';

function createShopRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...SHOP_ROUTER_OPTIONS,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createShopRouter>;
  }
}

/**
 * Starts the live shop over the page on screen (src/main.tsx calls it after the first paint; `root` may hold the
 * prerendered page): query client and persister, client state from IndexedDB, the router, the auth actor and the
 * service worker. Each step hands the main thread back (`yieldToMain`) so a slow phone never sees one long task.
 */
export async function startApp(
  root: HTMLElement,
  yieldToMain: () => Promise<void>,
  onMounted: () => void = () => {},
): Promise<void> {
  // onlineManager assumes "online" until an event says otherwise; a page opened offline must start offline,
  // so paused queries wait for the connection and the cart says its prices are not yet re-checked.
  onlineManager.setOnline(navigator.onLine);
  const queryClient = createQueryClient();
  bindCountryQueryClient(queryClient);

  // A prerendered page was rendered for a first visit; the live app's first render must match it (hydration), so
  // the stored country and cart, the kept session and the saved query cache come back once React has adopted the
  // whole page (HydrationMarker). An update before that would make React hydrate the page in one long task.
  // Otherwise they load at once.
  const prerendered = root.hasChildNodes();
  let markHydrated: () => void = () => {};
  const pageHydrated = new Promise<void>((resolve) => {
    markHydrated = resolve;
  });
  const clientStateRestored = pageHydrated.then(() => Promise.all([hydrateCountry(), hydrateCart()]));
  if (!prerendered) markHydrated();
  const idbPersister = createQueryPersister();
  // Queries stay idle until the persisted cache is restored (PersistQueryClientProvider's isRestoring); the
  // restore also waits for the stored country, so the first catalogue fetch is for the buyer's own country.
  const persister = {
    ...idbPersister,
    restoreClient: async () => {
      await clientStateRestored;
      return idbPersister.restoreClient();
    },
  };

  const router = createShopRouter(queryClient);
  // Over a prerendered page the router renders as TanStack Start's client does after server rendering (no
  // Suspense boundary around each match), which is the markup the page was prerendered with.
  if (prerendered) router.ssr = { manifest: undefined };
  // The route's component loads first, so the first commit replaces the prerendered page with the same page
  // (never a blank one) and nothing on screen moves.
  await router.load().catch(() => undefined);
  await yieldToMain();

  let live = false;
  // Runs in the commit that completes the live page: the document says the app is running
  // (`<html data-app="ready">`, which end-to-end tests wait for), and the state kept on the device comes back.
  const hydrated = () => {
    if (live) return;
    live = true;
    document.documentElement.dataset.app = 'ready';
    markHydrated();
    onMounted();
  };
  const app = (
    <StrictMode>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister,
          maxAge: QUERY_PERSIST_MAX_AGE_MS,
          buster: QUERY_PERSIST_BUSTER,
          dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
        }}
      >
        {/* One auth actor for the app (spec §4); signing out drops the buyer's cached profile. */}
        <AuthProvider
          track={track}
          hydrated={prerendered ? pageHydrated : undefined}
          onSignedOut={() => queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY })}
        >
          <RouterProvider router={router} />
        </AuthProvider>
      </PersistQueryClientProvider>
      <HydrationMarker onHydrated={hydrated} />
    </StrictMode>
  );
  // A transition renders in slices that give way to input. Over a prerendered page React adopts the markup on
  // screen (hydration) instead of building it again; a page that differs is rendered afresh, with a warning.
  startTransition(() => {
    if (prerendered) {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.warn('The live app differed from the prerendered page', error),
      });
    } else {
      createRoot(root).render(app);
    }
  });
  await yieldToMain();
  registerServiceWorker();
}
