import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { track } from '../features/analytics/track';
import { AuthProvider } from '../features/auth/AuthProvider';
import { hydrateCart } from '../features/cart/store';
import { bindCountryQueryClient, hydrateCountry } from '../features/country/store';
import { PROFILE_QUERY_KEY } from '../features/profile/keys';
import { routeTree } from '../routeTree.gen';
import {
  createQueryPersister,
  QUERY_PERSIST_BUSTER,
  QUERY_PERSIST_MAX_AGE_MS,
  shouldPersistQuery,
} from '../storage/persister';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { createQueryClient } from './queryClient';

function createShopRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // Spec §2: trailing slashes are removed (the server also redirects /about-us/ to /about-us).
    trailingSlash: 'never',
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

/**
 * Runs in the commit that puts the live app on screen: the prerendered page's head tags give way to the ones React
 * manages (one <title>, one description), the document says the app is running (`<html data-app="ready">`, which
 * end-to-end tests wait for), and `onMounted` hears it.
 */
function AppMounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useLayoutEffect(() => {
    for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove();
    document.documentElement.dataset.app = 'ready';
    onMounted();
  }, [onMounted]);
  return children;
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

  // Client state comes back from IndexedDB while the app starts; nothing waits for it to render.
  const clientStateRestored = Promise.all([hydrateCountry(), hydrateCart()]);
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
  // The route's component loads first, so the first commit replaces the prerendered page with the same page
  // (never a blank one) and nothing on screen moves.
  await router.load().catch(() => undefined);
  await yieldToMain();

  const reactRoot = createRoot(root);
  // A transition renders in slices that give way to input; the page on screen stays until the commit.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppMounted onMounted={onMounted}>
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
              onSignedOut={() => queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY })}
            >
              <RouterProvider router={router} />
            </AuthProvider>
          </PersistQueryClientProvider>
        </AppMounted>
      </StrictMode>,
    );
  });
  await yieldToMain();
  registerServiceWorker();
}
