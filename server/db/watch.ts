/**
 * A value read from the database and kept in memory, re-read in the background every `intervalMs` so a change
 * made by another process shows within that time; a process that changes it itself calls `set` (or `refresh`)
 * and sees it at once. Requests read `current()` and never wait on the database.
 */
export interface Watched<T> {
  /** The last value read; undefined until the first read succeeds. */
  current(): T | undefined;
  /** Reads the value now and tells the listeners when it changed. */
  refresh(): Promise<T>;
  /** The value this process has just written. */
  set(value: T): void;
  /** Called with every change seen; returns the unsubscribe. */
  onChange(listener: (value: T) => void): () => void;
  /** The first read, then the background timer (which never keeps the process alive). */
  start(): Promise<void>;
  stop(): void;
}

export interface WatchOptions<T> {
  read: () => Promise<T>;
  intervalMs: number;
  equals?: (a: T, b: T) => boolean;
  /** A failed background read: the last value stays. */
  onError?: (error: unknown) => void;
}

export function watch<T>({ read, intervalMs, equals = Object.is, onError }: WatchOptions<T>): Watched<T> {
  let value: T | undefined;
  let known = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<T> | undefined;
  // Bumped by set(): a read that began before this process's own write must not put the older value back.
  let writes = 0;
  const listeners = new Set<(value: T) => void>();

  function accept(next: T): void {
    const changed = !known || !equals(value as T, next);
    value = next;
    known = true;
    if (changed) for (const listener of listeners) listener(next);
  }

  function refresh(): Promise<T> {
    const writesBefore = writes;
    inFlight ??= read()
      .then((next) => {
        if (writes !== writesBefore) return value as T;
        accept(next);
        return next;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    current: () => value,
    refresh,
    set(next) {
      writes += 1;
      accept(next);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      if (timer) return;
      timer = setInterval(() => {
        // A slow read is not stacked on: the next tick finds it in flight and shares it.
        refresh().catch((error: unknown) => onError?.(error));
      }, intervalMs);
      timer.unref();
      await refresh().catch((error: unknown) => onError?.(error));
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
