import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The history entry an open overlay added so the back button closes it (src/ui/useCloseOnBack.ts). */
    overlayEntry?: string;
  }
}

interface OverlayHistory {
  push(token: string): void;
  isCurrent(token: string): boolean;
  back(): void;
  listen(onChange: () => void): () => void;
}

/** Through the router's own history, so it knows about the entry and keeps the page where it is. */
function routerHistory(router: AnyRouter): OverlayHistory {
  return {
    push(token) {
      void router.navigate({
        href: router.state.location.href,
        state: (prev) => ({ ...prev, overlayEntry: token }),
        resetScroll: false,
        hashScrollIntoView: false,
      });
    },
    isCurrent: (token) => router.history.location.state.overlayEntry === token,
    back() {
      // The push may still be queued; it must be in the browser's history before stepping back over it.
      router.history.flush();
      router.history.back();
    },
    listen: (onChange) => router.history.subscribe(onChange),
  };
}

/** Outside a router (a bare page, a test): the browser's history directly. */
const windowHistory: OverlayHistory = {
  push(token) {
    window.history.pushState({ ...(window.history.state ?? {}), overlayEntry: token }, '');
  },
  isCurrent: (token) => window.history.state?.overlayEntry === token,
  back: () => window.history.back(),
  listen(onChange) {
    window.addEventListener('popstate', onChange);
    return () => window.removeEventListener('popstate', onChange);
  },
};

let entries = 0;
/** Settles once the last entry stepped back over has left: a push made before then would be undone by it. */
let settled: Promise<void> = Promise.resolve();
/** How long a step back may take to arrive before the next overlay stops waiting for it. */
const STEP_BACK_LIMIT_MS = 1000;

function stepBack(history: OverlayHistory, token: string): void {
  settled = new Promise<void>((resolve) => {
    const done = () => {
      stop();
      clearTimeout(timer);
      resolve();
    };
    const stop = history.listen(() => {
      if (!history.isCurrent(token)) done();
    });
    const timer = setTimeout(done, STEP_BACK_LIMIT_MS);
    history.back();
    // A memory history steps back at once, without an event.
    if (!history.isCurrent(token)) done();
  });
}

/**
 * While active, the overlay owns a history entry at the same address: the back button leaves that entry and
 * calls onBack instead of leaving the page. Closed any other way, the overlay steps back over its entry itself.
 */
export function useCloseOnBack(active: boolean, onBack: () => void): void {
  const router = useRouter({ warn: false }) as AnyRouter | undefined;
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  useEffect(() => {
    if (!active) return;
    const history = router ? routerHistory(router) : windowHistory;
    // Unique per opening: an entry left behind by a reload or another overlay never passes for this one.
    entries += 1;
    const token = `${entries}-${Math.random().toString(36).slice(2)}`;
    let closed = false;
    let pushed = false;
    let stop = () => {};
    void settled.then(() => {
      if (closed) return;
      history.push(token);
      pushed = true;
      stop = history.listen(() => {
        if (!history.isCurrent(token)) onBackRef.current();
      });
    });
    return () => {
      closed = true;
      stop();
      if (pushed && history.isCurrent(token)) stepBack(history, token);
    };
  }, [active, router]);
}
