import type { InspectionEvent } from 'xstate';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Every state value the actor passed through, transient ones included ("a.b" for nested ones). */
export function statesVisited() {
  const seen = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
    const value = (event.snapshot as { value?: unknown }).value;
    for (const path of paths(value)) seen.add(path);
  };
  return { seen, inspect };
}

function paths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [prefix + key, ...paths(child, `${prefix}${key}.`)]);
}
