import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import type { MaintenanceNotice } from '@/api/events';
import { fetchMaintenanceStatus, STATUS_RECHECK_MS, type StatusCheck } from './api';
import { MaintenanceScreen } from './MaintenanceScreen';
import { maintenanceMachine } from './machine';

export interface MaintenanceControllerProps {
  /** The configured flag: start on the maintenance screen and stay there. */
  underMaintenance: boolean;
  /** The latest sign of maintenance the gate had (a broadcast or the start-up check's answer), if any. */
  notice: Partial<MaintenanceNotice> | null;
  /** Tells the gate whether to hide the app. */
  onMaintenanceChange: (inMaintenance: boolean) => void;
  /** The maintenance screen's status re-check. */
  checkStatus?: StatusCheck | undefined;
  recheckIntervalMs?: number | undefined;
}

/**
 * Runs the maintenance machine (spec §4): MaintenanceGate mounts it at the first sign of maintenance (or the build
 * flag); it hears every later sign through the gate and renders the maintenance screen while in maintenance.
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
