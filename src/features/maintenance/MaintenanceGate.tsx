import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { apiEvents, type MaintenanceNotice } from '../../api/events';
import type { StatusCheck } from './api';
import { MAINTENANCE_MODE_FLAG } from './flag';

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
 * The gate itself is tiny and paints the app at once; the machine and the screen load right after.
 * Broadcasts that arrive before they have loaded are kept and handed over.
 */
export function MaintenanceGate({
  children,
  underMaintenance = MAINTENANCE_MODE_FLAG,
  checkStatus,
  recheckIntervalMs,
}: MaintenanceGateProps) {
  const [inMaintenance, setInMaintenance] = useState(underMaintenance);
  const [notice, setNotice] = useState<MaintenanceNotice | null>(null);
  // The controller is requested once the app has painted (effects run after paint), unless the build flag
  // already says the shop is down.
  const [controllerWanted, setControllerWanted] = useState(underMaintenance);

  useEffect(() => apiEvents.on('maintenance', setNotice), []);
  useEffect(() => setControllerWanted(true), []);

  return (
    <>
      {inMaintenance ? null : children}
      {controllerWanted ? (
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
