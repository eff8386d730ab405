import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useEffect } from 'react';
import { RES_STATUS } from '../../../contract/common';
import { apiEvents } from '../../api/events';
import {
  fetchMaintenanceStatus,
  MAINTENANCE_MODE_FLAG,
  STATUS_RECHECK_MS,
  type StatusCheck,
  WORKING_STATUS,
} from './api';
import { MaintenanceScreen } from './MaintenanceScreen';
import { maintenanceMachine } from './machine';

export interface MaintenanceGateProps {
  children: ReactNode;
  /** The configured flag (VITE_MAINTENANCE_MODE by default): start on the maintenance screen and stay there. */
  underMaintenance?: boolean;
  checkStatus?: StatusCheck;
  recheckIntervalMs?: number;
}

/**
 * Wraps the app: while the shop is under maintenance only the maintenance screen renders (spec §4).
 * It hears SERVER_UNDER_MAINTENANCE from every API call and asks the status endpoint once on mount.
 */
export function MaintenanceGate({
  children,
  underMaintenance = MAINTENANCE_MODE_FLAG,
  checkStatus = fetchMaintenanceStatus,
  recheckIntervalMs = STATUS_RECHECK_MS,
}: MaintenanceGateProps) {
  const actor = useActorRef(maintenanceMachine, { input: { underMaintenance } });
  const maintenance = useSelector(actor, (snapshot) =>
    snapshot.matches('maintenance') ? snapshot.context : null,
  );

  useEffect(
    () =>
      apiEvents.on('maintenance', (notice) => actor.send({ type: 'SERVER_UNDER_MAINTENANCE', ...notice })),
    [actor],
  );

  useEffect(() => {
    const controller = new AbortController();
    checkStatus(controller.signal)
      .then((status) => {
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

  if (!maintenance) return children;
  return (
    <MaintenanceScreen
      message={maintenance.message}
      timeInSeconds={maintenance.timeInSeconds}
      receivedAt={maintenance.receivedAt}
      checkStatus={checkStatus}
      recheckIntervalMs={recheckIntervalMs}
      {...(underMaintenance ? {} : { onWorking: backToWork })}
    />
  );
}
