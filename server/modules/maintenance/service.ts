import { RES_STATUS } from '@contract/common';
import {
  MAINTENANCE_DEFAULT_MESSAGE,
  MAINTENANCE_DEFAULT_SECONDS,
  MAINTENANCE_WORKING,
  type MaintenanceAdminResponse,
  type MaintenanceStatus,
} from '@contract/maintenance';
import type { Database } from '../../db/client';
import { watch } from '../../db/watch';
import { type MaintenanceWindow, readMaintenanceWindow, writeMaintenanceWindow } from './repo';

/** True while the window is on and its end (if any) has not passed. */
export function isActive(window: MaintenanceWindow, now: Date): boolean {
  return window.enabled && (window.endsAt === null || window.endsAt.getTime() > now.getTime());
}

/** The wire status of spec §4 Maintenance for a window at a moment. */
export function statusOf(window: MaintenanceWindow, now: Date): MaintenanceStatus {
  if (!isActive(window, now)) {
    return { res_status: MAINTENANCE_WORKING, response: '', time_in_seconds: 0 };
  }
  const seconds =
    window.endsAt === null
      ? MAINTENANCE_DEFAULT_SECONDS
      : Math.max(1, Math.ceil((window.endsAt.getTime() - now.getTime()) / 1000));
  return {
    res_status: RES_STATUS.SERVER_UNDER_MAINTENANCE,
    response: window.message || MAINTENANCE_DEFAULT_MESSAGE,
    time_in_seconds: seconds,
  };
}

export interface SetMaintenanceInput {
  enabled: boolean;
  minutes?: number | undefined;
  message?: string | undefined;
}

export interface MaintenanceService {
  /** The current status; read from the database at most every `cacheMs`. */
  status(): Promise<MaintenanceStatus>;
  /** Switches maintenance on (optionally for a number of minutes) or off. */
  set(input: SetMaintenanceInput): Promise<MaintenanceAdminResponse>;
  /** The current window with its status, as the operator sees it. */
  describe(): Promise<MaintenanceAdminResponse>;
  /** With `pollMs`: the first read and the background poll (a no-op otherwise). */
  start(): Promise<void>;
  stop(): void;
}

/** How often each API process re-reads the window when it polls: another process's switch shows within it. */
export const MAINTENANCE_POLL_MS = 1000;

export interface MaintenanceServiceDeps {
  db: Database;
  now: () => Date;
  /**
   * How long a process may reuse what it read: another process's change shows within this
   * time. Changes made through this process are seen at once.
   */
  cacheMs?: number;
  /**
   * Instead of `cacheMs`: keep the window in memory and re-read it in the background every `pollMs`, so no
   * request waits on the database for it.
   */
  pollMs?: number;
  onPollError?: (error: unknown) => void;
}

export function createMaintenanceService({
  db,
  now,
  cacheMs = 2000,
  pollMs,
  onPollError,
}: MaintenanceServiceDeps): MaintenanceService {
  let cached: { window: MaintenanceWindow; readAt: number } | undefined;
  let inFlight: Promise<MaintenanceWindow> | undefined;
  const polled =
    pollMs === undefined
      ? undefined
      : watch({
          read: () => readMaintenanceWindow(db),
          intervalMs: pollMs,
          ...(onPollError ? { onError: onPollError } : {}),
        });

  async function currentWindow(): Promise<MaintenanceWindow> {
    if (polled) return polled.current() ?? polled.refresh();
    const at = now().getTime();
    if (cached && at - cached.readAt >= 0 && at - cached.readAt < cacheMs) return cached.window;
    // Many requests at once share one read.
    inFlight ??= readMaintenanceWindow(db)
      .then((window) => {
        cached = { window, readAt: now().getTime() };
        return window;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  function adminView(window: MaintenanceWindow): MaintenanceAdminResponse {
    const at = now();
    return {
      ...statusOf(window, at),
      enabled: isActive(window, at),
      ends_at: isActive(window, at) && window.endsAt ? window.endsAt.toISOString() : null,
    };
  }

  return {
    async status() {
      return statusOf(await currentWindow(), now());
    },
    async describe() {
      return adminView(await currentWindow());
    },
    async set(input) {
      const at = now();
      const window = await writeMaintenanceWindow(db, {
        enabled: input.enabled,
        message: input.enabled ? (input.message?.trim() ?? '') : '',
        endsAt: input.enabled && input.minutes ? new Date(at.getTime() + input.minutes * 60_000) : null,
        updatedAt: at,
      });
      cached = { window, readAt: at.getTime() };
      polled?.set(window);
      return adminView(window);
    },
    start: async () => polled?.start(),
    stop: () => polled?.stop(),
  };
}
