import { importInSteps, yieldToMain } from '@/lib/yieldToMain';
import { holdEarlyTaps } from './earlyTaps';
import { LOAD_INTL_DATA } from './intl';
import { pageSettled } from './pageSettled';

/*
 * The order the browser starts the shop in, and why. The server sent the page rendered: it shows from HTML and CSS,
 * its links work, and a tap on a button is held until the live page can take it. Every step below runs in a task of
 * its own (`importInSteps`, `yieldToMain`), so the page keeps answering input while it comes alive.
 *  1. Wait for the first paint and load: scripts fetched earlier take bandwidth from the CSS and the largest image.
 *  2. React DOM, the router, TanStack Query, then the cart and HTTP client: one large library per task. zod is not
 *     among them: it comes with the first schema a page builds, jitless already (@/lib/zod/classic.ts).
 *  3. Requests start in a task of their own: a page's mount starts several at once, from inside its effects.
 *  4. The query client and providers, then the router: each a task's worth of work on a phone.
 *  5. ICU's data, the page's large libraries and its own code, which hydration would otherwise load in one long task;
 *     then the device's database (IndexedDB) opens, for the state restored after hydration (which does not wait).
 *  6. Hydrate in a transition, which gives way to input; the held tap is replayed on the live page, and the stored
 *     country, cart, session and query cache come back once the whole page is hydrated (../HydrationMarker.tsx).
 *  7. The service worker's code (workbox-window) loads and registers it last: nothing on screen needs it.
 */
export async function boot(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) return;
  const replayTap = holdEarlyTaps(root);
  await pageSettled();
  await importInSteps([
    () => import('react-dom/client'),
    () => import('./routerLibrary'),
    () => import('./queryLibrary'),
    () => import('./stateLibrary'),
  ]);
  const start = await import('./startApp');
  await yieldToMain();
  start.sendRequestsInTasksOfTheirOwn();
  const app = start.createApp(replayTap);
  await yieldToMain();
  const page = app.createRouter();
  await yieldToMain();
  await importInSteps([
    ...LOAD_INTL_DATA,
    ...page.firstSteps(window.location.pathname),
    async () => start.openDeviceDatabase(),
  ]);
  page.hydrate();
  await yieldToMain();
  await start.registerServiceWorker();
}
