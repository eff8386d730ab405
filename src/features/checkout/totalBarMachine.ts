import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { TotalBarEstimate } from './totalBarView';

/*
 * The total bar machine of spec §4 "Total bar" and §2 "Total amount bar": loading, failed (RETRY) and success.
 * loading asks the injected `fetchPriceEstimate` for the estimate of the current request (the page's selected
 * packages, codes and address, spec §3 Price estimate request); REFRESH (beyond the spec's list: the inputs
 * changed, or the connection came back) asks again for a new request from any state. A failure keeps the last
 * estimate, so an offline bar can still show it as last known.
 */

export interface TotalBarInput {
  /** The price estimate request as the page builds it; handed to fetchPriceEstimate as it is. */
  request: unknown;
}

export interface TotalBarContext {
  request: unknown;
  /** The last estimate received, kept through a failure. */
  estimate: TotalBarEstimate | null;
  error: unknown;
}

export type TotalBarEvent = { type: 'RETRY' } | { type: 'REFRESH'; request: unknown };

export const totalBarMachine = setup({
  types: {
    context: {} as TotalBarContext,
    events: {} as TotalBarEvent,
    input: {} as TotalBarInput,
  },
  actors: {
    fetchPriceEstimate: fromPromise<TotalBarEstimate, { request: unknown }>(async () => {
      throw new Error('fetchPriceEstimate is not provided');
    }),
  },
  actions: {
    storeRequest: assign(({ context, event }) =>
      event.type === 'REFRESH' ? { request: event.request } : context,
    ),
  },
}).createMachine({
  id: 'totalBar',
  context: ({ input }) => ({ request: input.request, estimate: null, error: null }),
  initial: 'loading',
  on: {
    // Re-entering loading cancels the call in flight: only the newest inputs' answer counts.
    REFRESH: { target: '.loading', reenter: true, actions: 'storeRequest' },
  },
  states: {
    loading: {
      invoke: {
        src: 'fetchPriceEstimate',
        input: ({ context }) => ({ request: context.request }),
        onDone: {
          target: 'success',
          actions: assign({ estimate: ({ event }) => event.output, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    success: {},
  },
});

export type TotalBarSnapshot = SnapshotFrom<typeof totalBarMachine>;
