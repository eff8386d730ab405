import type { TokenSetName } from './tokens';

/** What the client broadcasts when a response says SERVER_UNDER_MAINTENANCE (spec §4 Maintenance, §8). */
export interface MaintenanceNotice {
  res_status: string;
  /** The operator's message. */
  response: string;
  /** Seconds until the shop is expected back (default 1800). */
  time_in_seconds: number;
}

export interface LogoutNotice {
  tokenSet: TokenSetName;
  /** Why the set was dropped: the refresh was refused, or it answered an empty access token. */
  reason: 'refresh-failed' | 'session-expired';
}

export interface ApiEventMap {
  maintenance: MaintenanceNotice;
  logout: LogoutNotice;
}

export type ApiEventName = keyof ApiEventMap;

/** A tiny typed bus on EventTarget, so features hear the client without importing each other. */
export class ApiEventBus {
  readonly #target = new EventTarget();

  on<K extends ApiEventName>(type: K, listener: (detail: ApiEventMap[K]) => void): () => void {
    const handler = (event: Event) => listener((event as CustomEvent<ApiEventMap[K]>).detail);
    this.#target.addEventListener(type, handler);
    return () => this.#target.removeEventListener(type, handler);
  }

  emit<K extends ApiEventName>(type: K, detail: ApiEventMap[K]): void {
    this.#target.dispatchEvent(new CustomEvent(type, { detail }));
  }
}

export const apiEvents = new ApiEventBus();
