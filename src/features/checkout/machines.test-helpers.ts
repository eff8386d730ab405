import { vi } from 'vitest';
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

/** One CHECK_CODE a code machine asked: the test settles its answer (resolve with the saving, reject with the error). */
export interface CodeCheck {
  code: string;
  answer: Deferred<{ saving: number }>;
}

type CodeAnswer<V extends string, F extends string> =
  | { type: V; saving: number }
  | { type: F; error: unknown };

/**
 * Stands in for the checkout parent of the coupon and referral machines: `checkCode` records the code and sends the
 * verified / failed event back once the test settles its deferred; `codesChanged` (the price asked again) is a spy.
 * Pass `actions` to the machine's provide.
 */
export function codeChecks<V extends string, F extends string>(verified: V, failed: F) {
  const checks: CodeCheck[] = [];
  const codesChanged = vi.fn();
  const checkCode = ({
    context,
    self,
  }: {
    context: { code: string };
    self: { send: (event: CodeAnswer<V, F>) => void };
  }) => {
    const answer = deferred<{ saving: number }>();
    checks.push({ code: context.code.trim(), answer });
    answer.promise.then(
      ({ saving }) => self.send({ type: verified, saving }),
      (error: unknown) => self.send({ type: failed, error }),
    );
  };
  return { checks, codesChanged, actions: { checkCode, codesChanged } };
}
