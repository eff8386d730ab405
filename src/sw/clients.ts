/** A Background Sync event (not yet in TypeScript's worker types): its tag, and whether the browser tries again. */
export interface SyncEventLike extends ExtendableEvent {
  tag: string;
  lastChance?: boolean;
}

/** Posts `message` to every window of the shop, also those the worker does not control yet. */
export async function postToWindows(scope: ServiceWorkerGlobalScope, message: unknown): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}
