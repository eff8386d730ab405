import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getApiConfig } from './config';

/*
 * Whether the shop can reach the network, in one place: TanStack Query's onlineManager, which follows the browser's
 * online and offline events, so every screen, the HTTP client and the paused queries agree on the same answer.
 */

/** Whether requests can reach the network now. */
export function isOnline(): boolean {
  return onlineManager.isOnline();
}

/** Calls back on every change of the answer; returns the unsubscribe. */
export function subscribeOnline(onChange: (online: boolean) => void): () => void {
  return onlineManager.subscribe(onChange);
}

/**
 * Takes the browser's own answer. onlineManager assumes "online" until an event says otherwise: a page opened
 * offline must start offline, so paused queries wait for the connection and the cart says its prices are not re-checked.
 */
export function adoptBrowserOnline(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

/** While the shop is offline because requests could not leave, how often it asks the server again. */
export const REACHABILITY_PROBE_MS = 5000;
let probe: ReturnType<typeof setInterval> | undefined;
let checking = false;
/** Moves on when the checks are reset: an answer to an older check changes nothing. */
let generation = 0;

/** Forgets a check in flight and stops asking (a test's page is gone; the next one starts clean). */
export function resetReachability(): void {
  generation += 1;
  checking = false;
  clearInterval(probe);
  probe = undefined;
}

/** Whether the shop's server answers at all (any HTTP answer: the network is there). */
function serverAnswers(): Promise<boolean> {
  const { fetch: send = fetch, origins } = getApiConfig();
  return send(`${origins.maintenance}/healthz`, { cache: 'no-store' }).then(
    () => true,
    () => false,
  );
}

/**
 * A request could not reach the network. The browser's online flag can still say "online" on a dead link (lie-fi,
 * a captive portal, a document opened offline that never heard "offline"), so when the server's health check
 * cannot be reached either, the shop goes offline, and asks again until it answers (or the browser says "online").
 */
export function reportUnreachable(): void {
  if (typeof window === 'undefined' || checking || !onlineManager.isOnline()) return;
  checking = true;
  const asked = generation;
  void serverAnswers().then((answers) => {
    if (asked !== generation) return;
    checking = false;
    if (answers || !onlineManager.isOnline()) return;
    onlineManager.setOnline(false);
    if (probe !== undefined) return;
    const stop = subscribeOnline((online) => {
      if (!online) return;
      clearInterval(probe);
      probe = undefined;
      stop();
    });
    probe = setInterval(() => {
      void serverAnswers().then((back) => {
        if (back && asked === generation) onlineManager.setOnline(true);
      });
    }, REACHABILITY_PROBE_MS);
  });
}

/** isOnline() for a component; the server renders online. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
