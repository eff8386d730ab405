import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { type ReactNode, StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { adoptBrowserOnline } from '@/api/online';
import { createQueryClient } from '@/api/queryClient';
import { PROFILE_QUERY_KEY } from '@/api/userKeys';
import { lazyCaptureCampaign, lazyIdentify, lazyTrack } from '@/features/analytics/lazyTrack';
import { type AuthIdentify, AuthProvider, type AuthTrack } from '@/features/auth/AuthProvider';
import { MY_ORDERS_QUERY_KEY } from '@/features/orders/queryKeys';
import { serverPageAdopted } from '@/lib/serverPage';
import { hydrateCart } from '@/state/cart';
import { adoptCountryCookie, bindCountryQueryClient, countryStore, hydrateCountry } from '@/state/country';
import {
  createQueryPersister,
  QUERY_PERSIST_BUSTER,
  QUERY_PERSIST_MAX_AGE_MS,
  shouldPersistQuery,
} from '@/storage/persister';
import { OnHydratedProvider } from '../HydrationMarker';
import { createShopRouter } from '../router';
import { firstStepsOf } from './routeFirst';

// The boot's later steps come from this chunk, so that the entry stays small.
export { openKvStore as openDeviceDatabase } from '@/storage/kv';
export { sendRequestsInTasksOfTheirOwn } from './requests';

/** Loads the service worker's side of the app (workbox-window) and registers it; nothing on screen needs it. */
export async function registerServiceWorker(): Promise<void> {
  const worker = await import('../pwa/registerServiceWorker');
  worker.registerServiceWorker();
  // The outbox and the form-sent analytics (./background.ts).
  const background = await import('./background');
  background.startBackgroundWork();
}

// The analytics code loads with the first event (a sign-in step), not with the page.
const track: AuthTrack = lazyTrack;
const identify: AuthIdentify = lazyIdentify;

export interface LivePage {
  /** What the page at `pathname` evaluates before hydration, one step per task. */
  firstSteps: (pathname: string) => (() => Promise<unknown>)[];
  /** Adopts the server's page (router state, query cache, markup) in a transition. */
  hydrate: () => void;
}

/**
 * The live shop over the page the server rendered (./order.ts says when): the query client and its persister and
 * the providers, then `createRouter`. `onLive` runs once the whole page is hydrated.
 */
export function createApp(onLive: () => void = () => {}): { createRouter: () => LivePage } {
  adoptBrowserOnline();
  // Spec §1's UTM fields come from the address the visitor landed on; kept once the page is live (off the first load).
  const landingSearch = window.location.search;
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
    if (landingSearch.includes('utm_')) lazyCaptureCampaign(landingSearch);
    onLive();
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
          identify={identify}
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

  const createRouter = (): LivePage => {
    const router = createShopRouter({ queryClient, countryCode: () => countryStore.countryCode, Wrap });
    return {
      firstSteps: (pathname) => firstStepsOf(router, pathname),
      // A transition hydrates in slices that give way to input. RouterClient first takes over the server's router
      // state and query cache (the page's data is not fetched again), then React adopts the document on screen.
      hydrate: () =>
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
        }),
    };
  };
  return { createRouter };
}
