import { MAINTENANCE_DEFAULT_MESSAGE, MAINTENANCE_DEFAULT_SECONDS, RES_STATUS } from '@contract/constants';
import { assign, setup } from 'xstate';

/*
 * The maintenance machine of spec §4 "Maintenance":
 * - "starts on mount" → MaintenanceGate starts it with useActorRef.
 * - "initial state is working, or maintenance when a configured flag says so" → input.underMaintenance
 *   (VITE_MAINTENANCE_MODE), resolved by the transient `booting` state before anything renders.
 * - "a working event moves it to maintenance" → SERVER_UNDER_MAINTENANCE, the res_status the API client
 *   broadcasts; "a working-again event moves it back" → WORKING (the status check answered "working").
 * - "entering maintenance stores the response (res_status, response, time_in_seconds; default 1800)" →
 *   storeResponse; the defaults are contract/maintenance.ts's.
 */

export interface MaintenanceContext {
  resStatus: string;
  /** The operator's message, "under maintenance" by default. */
  message: string;
  /** Seconds the shop expects to be down, counted from receivedAt. */
  timeInSeconds: number;
  /** When the response was stored (epoch ms): the countdown runs from here. */
  receivedAt: number;
}

export type MaintenanceEvent =
  | {
      type: 'SERVER_UNDER_MAINTENANCE';
      res_status?: string;
      response?: string;
      time_in_seconds?: number;
    }
  | { type: 'WORKING' };

export interface MaintenanceInput {
  /** The configured flag: start on the maintenance screen. */
  underMaintenance?: boolean;
}

function defaults(): MaintenanceContext {
  return {
    resStatus: RES_STATUS.SERVER_UNDER_MAINTENANCE,
    message: MAINTENANCE_DEFAULT_MESSAGE,
    timeInSeconds: MAINTENANCE_DEFAULT_SECONDS,
    receivedAt: Date.now(),
  };
}

export const maintenanceMachine = setup({
  types: {
    context: {} as MaintenanceContext & { flagged: boolean },
    events: {} as MaintenanceEvent,
    input: {} as MaintenanceInput,
  },
  guards: {
    flagged: ({ context }) => context.flagged,
  },
  actions: {
    storeResponse: assign(({ event }) => {
      if (event.type !== 'SERVER_UNDER_MAINTENANCE') return {};
      const seconds = event.time_in_seconds;
      return {
        resStatus: event.res_status || RES_STATUS.SERVER_UNDER_MAINTENANCE,
        message: event.response || MAINTENANCE_DEFAULT_MESSAGE,
        timeInSeconds:
          typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
            ? seconds
            : MAINTENANCE_DEFAULT_SECONDS,
        receivedAt: Date.now(),
      };
    }),
    resetResponse: assign(() => defaults()),
  },
}).createMachine({
  id: 'maintenance',
  context: ({ input }) => ({ ...defaults(), flagged: input.underMaintenance === true }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'flagged', target: 'maintenance' }, { target: 'working' }],
    },
    working: {
      on: {
        SERVER_UNDER_MAINTENANCE: { target: 'maintenance', actions: 'storeResponse' },
      },
    },
    maintenance: {
      on: {
        // A later answer carries the server's current remaining time and message.
        SERVER_UNDER_MAINTENANCE: { actions: 'storeResponse' },
        WORKING: { target: 'working', actions: 'resetResponse' },
      },
    },
  },
});
