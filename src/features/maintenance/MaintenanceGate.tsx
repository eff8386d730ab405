import { RES_STATUS } from '@contract/constants';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { apiEvents, type MaintenanceNotice } from '@/api/events';
import { fetchStartupStatus, type StatusCheck } from './api';
import { MAINTENANCE_MODE_FLAG } from './flag';

// The machine, its screen and XState arrive only when the shop is down: a shop that is up never loads them.
const MaintenanceController = lazy(() => import('./MaintenanceController'));

export interface MaintenanceGateProps {
  children: ReactNode;
  /** The configured flag (VITE_MAINTENANCE_MODE by default): start on the maintenance screen and stay there. */
  underMaintenance?: boolean;
  checkStatus?: StatusCheck;
  recheckIntervalMs?: number;
}

/**
 * Wraps the app: while the shop is under maintenance only the maintenance screen renders (spec §4).
 * The gate asks the status once the app has painted and listens for SERVER_UNDER_MAINTENANCE broadcasts; the first
 * sign of maintenance (or the build flag) starts the maintenance machine, which takes it from there.
 */
export function MaintenanceGate({
  children,
  underMaintenance = MAINTENANCE_MODE_FLAG,
  checkStatus,
  recheckIntervalMs,
}: MaintenanceGateProps) {
  const [inMaintenance, setInMaintenance] = useState(underMaintenance);
  const [notice, setNotice] = useState<Partial<MaintenanceNotice> | null>(null);

  useEffect(() => apiEvents.on('maintenance', setNotice), []);

  // Effects run after the paint, so the check never delays the page (or its hydration).
  useEffect(() => {
    const controller = new AbortController();
    (checkStatus ?? fetchStartupStatus)(controller.signal)
      .then((status: Partial<MaintenanceNotice>) => {
        if (status.res_status === RES_STATUS.SERVER_UNDER_MAINTENANCE) setNotice(status);
      })
      .catch(() => {
        // The status check must never block the shop; a real maintenance answer arrives as a broadcast.
      });
    return () => controller.abort();
  }, [checkStatus]);

  return (
    <>
      {inMaintenance ? null : children}
      {underMaintenance || notice ? (
        <Suspense fallback={null}>
          <MaintenanceController
            underMaintenance={underMaintenance}
            notice={notice}
            onMaintenanceChange={setInMaintenance}
            checkStatus={checkStatus}
            recheckIntervalMs={recheckIntervalMs}
          />
        </Suspense>
      ) : null}
    </>
  );
}
