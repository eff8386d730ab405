import type { Track, UserIdentity } from './track';

/** track() with the analytics code loaded by the first event, not with the page; events keep their order. */
export const lazyTrack: Track = (event, properties) =>
  void import('./track').then((analytics) => analytics.track(event, properties));

/** identify() likewise. */
export const lazyIdentify = (identity: UserIdentity): void =>
  void import('./track').then((analytics) => analytics.identify(identity));

/** Keeps the landing address's campaign for the session (./session.ts), through the same chunk. */
export const lazyCaptureCampaign = (search: string): void =>
  void import('./track').then((analytics) => analytics.captureCampaign(search));
