import { RES_STATUS } from '@contract/constants';
import type { MaintenanceStatus } from '@contract/maintenance-status';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import type { MaintenanceNotice } from '@/api/events';
import {
  fetchMaintenanceStatus,
  fetchStartupStatus,
  STATUS_RECHECK_MS,
  type StatusCheck,
  WORKING_STATUS,
} from './api';
import { MaintenanceScreen } from './MaintenanceScreen';
import { maintenanceMachine } from './machine';

export interface MaintenanceControllerProps {
  /** The configured flag: start on the maintenance screen and stay there. */
  underMaintenance: boolean;
  /** The latest SERVER_UNDER_MAINTENANCE broadcast the gate heard, if any. */
  notice: MaintenanceNotice | null;
  /** Tells the gate whether to hide the app. */
  onMaintenanceChange: (inMaintenance: boolean) => void;
  /** The status call, start-up check included (by default the start-up check reads res_status alone). */
  checkStatus?: StatusCheck | undefined;
  recheckIntervalMs?: number | undefined;
}

/**
 * Runs the maintenance machine (spec §4): started on mount, it asks the status endpoint once, hears every
 * SERVER_UNDER_MAINTENANCE broadcast through the gate, and renders the maintenance screen while in maintenance.
 * MaintenanceGate renders it once the app has painted.
 */
export default function MaintenanceController({
  underMaintenance,
  notice,
  onMaintenanceChange,
  checkStatus,
  recheckIntervalMs = STATUS_RECHECK_MS,
}: MaintenanceControllerProps) {
  const actor = useActorRef(maintenanceMachine, { input: { underMaintenance } });
  const maintenance = useSelector(actor, (snapshot) =>
    snapshot.matches('maintenance') ? snapshot.context : null,
  );

  useEffect(() => {
    if (notice) actor.send({ type: 'SERVER_UNDER_MAINTENANCE', ...notice });
  }, [actor, notice]);

  const inMaintenance = maintenance !== null;
  useEffect(() => onMaintenanceChange(inMaintenance), [inMaintenance, onMaintenanceChange]);

  useEffect(() => {
    const controller = new AbortController();
    (checkStatus ?? fetchStartupStatus)(controller.signal)
      .then((status: Partial<MaintenanceStatus>) => {
        // A build flagged for maintenance stays down whatever the API says.
        if (status.res_status === WORKING_STATUS) {
          if (!underMaintenance) actor.send({ type: 'WORKING' });
        } else if (status.res_status === RES_STATUS.SERVER_UNDER_MAINTENANCE) {
          actor.send({ type: 'SERVER_UNDER_MAINTENANCE', ...status });
        }
      })
      .catch(() => {
        // The status check must never block the shop; a real maintenance answer arrives as a broadcast.
      });
    return () => controller.abort();
  }, [actor, checkStatus, underMaintenance]);

  const backToWork = useCallback(() => actor.send({ type: 'WORKING' }), [actor]);

  if (!maintenance) return null;
  return (
    <MaintenanceScreen
      message={maintenance.message}
      timeInSeconds={maintenance.timeInSeconds}
      receivedAt={maintenance.receivedAt}
      checkStatus={checkStatus ?? fetchMaintenanceStatus}
      recheckIntervalMs={recheckIntervalMs}
      {...(underMaintenance ? {} : { onWorking: backToWork })}
    />
  );
}
