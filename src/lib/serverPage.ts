import { useSyncExternalStore } from 'react';

// On the server, and in a browser whose document came from the server (its #root rendered); not in a bare test DOM.
let adopting = typeof document === 'undefined' || document.getElementById('root')?.hasChildNodes() === true;
const listeners = new Set<() => void>();
/** The browser's document is the app shell (no page content; the server marks its <main>), not a page's own HTML. */
const shellDocument =
  typeof document !== 'undefined' && document.getElementById('main')?.dataset.served === 'shell';

/** In the browser: whether the document it opened with is the app shell (the offline answer for a page never saved). */
export function isShellDocument(): boolean {
  return shellDocument;
}

/**
 * Whether the app is rendering the page the server sent: always on the server, and in the browser until React has
 * adopted that page. What a component reads from the page's data then is what the server rendered it with.
 */
export function isAdoptingServerPage(): boolean {
  return adopting;
}

/** Called once the browser has adopted the server's page: later renders are the app's own. */
export function serverPageAdopted(): void {
  if (!adopting) return;
  adopting = false;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * False while the page on screen is the server's and the app has not adopted it yet (the server renders it false too),
 * then true: e.g. a field stays read-only until then, so what a buyer types is never typed into markup the app has
 * not taken over.
 */
export function useServerPageAdopted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !adopting,
    () => false,
  );
}
