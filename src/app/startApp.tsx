import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { adoptBrowserOnline } from '@/api/online';
import { createQueryClient } from '@/api/queryClient';
import { PROFILE_QUERY_KEY } from '@/api/userKeys';
import { serverPageAdopted } from '@/lib/serverPage';
import { importInSteps, yieldToMain } from '@/lib/yieldToMain';
import { hydrateCart } from '@/state/cart';
import { adoptCountryCookie, bindCountryQueryClient, countryStore, hydrateCountry } from '@/state/country';
import { openKvStore } from '@/storage/kv';
import { track } from '../features/analytics/track';
import { AuthProvider } from '../features/auth/AuthProvider';
import { MY_ORDERS_QUERY_KEY } from '../features/orders/queryKeys';
import {
  createQueryPersister,
  QUERY_PERSIST_BUSTER,
  QUERY_PERSIST_MAX_AGE_MS,
  shouldPersistQuery,
} from '../storage/persister';
import { OnHydratedProvider } from './HydrationMarker';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { createShopRouter, firstStepsOf } from './router';

/**
 * Starts the live shop over the page the server rendered (src/entry-client.tsx calls it after the first paint):
 * query client and persister, client state from IndexedDB, the router, the auth actor and the service worker.
 * Each step hands the main thread back (`yieldToMain`) so a slow phone never sees one long task.
 */
export async function startApp(onMounted: () => void = () => {}): Promise<void> {
  adoptBrowserOnline();
  // The server rendered the prices in the currency of the country cookie: the first render must agree.
  adoptCountryCookie();
  const queryClient = createQueryClient();
  bindCountryQueryClient(queryClient);

  // The page was rendered for a visitor the server knows nothing of (no stored cart, session or saved cache); the
  // first render must match it, so those come back once React has adopted the whole page (HydrationMarker). An
  // update before that would make React hydrate the page in one long task.
  let markHydrated: () => void = () => {};
  const pageHydrated = new Promise<void>((resolve) => {
    markHydrated = resolve;
  });
  const clientStateRestored = pageHydrated.then(() => Promise.all([hydrateCountry(), hydrateCart()]));
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

  let live = false;
  // Runs in the commit that completes the live page: the document says the app is running
  // (`<html data-app="ready">`, which end-to-end tests wait for), and the state kept on the device comes back.
  const hydrated = () => {
    if (live) return;
    live = true;
    serverPageAdopted();
    document.documentElement.dataset.app = 'ready';
    markHydrated();
    onMounted();
  };

  // biome-ignore lint/correctness/noComponentHookFactories: made once per router, never during a render
  function Wrap({ children }: { children: ReactNode }) {
    return (
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
          hydrated={pageHydrated}
          onSignedOut={() => {
            queryClient.removeQueries({ queryKey: PROFILE_QUERY_KEY });
            queryClient.removeQueries({ queryKey: MY_ORDERS_QUERY_KEY });
          }}
        >
          <OnHydratedProvider value={hydrated}>{children}</OnHydratedProvider>
        </AuthProvider>
      </PersistQueryClientProvider>
    );
  }

  // Building the router (its route tree and history) is a task's worth of work on a phone: it gets one of its own.
  await yieldToMain();
  const router = createShopRouter({ queryClient, countryCode: () => countryStore.countryCode, Wrap });
  await yieldToMain();
  // ICU's data, the page's large libraries and its own code, each in a task of its own, before hydration needs them;
  // then asking for the device's database, which the state restored after hydration reads (hydration does not wait).
  await importInSteps([...firstStepsOf(router, window.location.pathname), async () => openKvStore()]);
  // A transition hydrates in slices that give way to input. RouterClient first takes over the server's router
  // state and query cache (the page's data is not fetched again), then React adopts the document on screen.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
      {
        onRecoverableError: (error) =>
          console.warn('The live app differed from the server-rendered page', error),
      },
    );
  });
  await yieldToMain();
  registerServiceWorker();
}
