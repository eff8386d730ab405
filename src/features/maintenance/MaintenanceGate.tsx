import { type ReactNode, useEffect, useState } from 'react';
import { apiEvents, type MaintenanceNotice } from '@/api/events';
import type { StatusCheck } from './api';
import { MAINTENANCE_MODE_FLAG } from './flag';
import MaintenanceController from './MaintenanceController';

export interface MaintenanceGateProps {
  children: ReactNode;
  /** The configured flag (VITE_MAINTENANCE_MODE by default): start on the maintenance screen and stay there. */
  underMaintenance?: boolean;
  checkStatus?: StatusCheck;
  recheckIntervalMs?: number;
}

/**
 * Wraps the app: while the shop is under maintenance only the maintenance screen renders (spec §4).
 * The machine starts after the app's first commit, so it never delays the page (or its hydration); broadcasts
 * that arrive before then are kept and handed over. It is part of the app's start-up chunks, not loaded on
 * demand: every page runs it, and a stylesheet added after the paint would make the browser lay the page out again.
 */
export function MaintenanceGate({
  children,
  underMaintenance = MAINTENANCE_MODE_FLAG,
  checkStatus,
  recheckIntervalMs,
}: MaintenanceGateProps) {
  const [inMaintenance, setInMaintenance] = useState(underMaintenance);
  const [notice, setNotice] = useState<MaintenanceNotice | null>(null);
  // The controller starts once the app has painted (effects run after paint), unless the build flag already
  // says the shop is down.
  const [controllerWanted, setControllerWanted] = useState(underMaintenance);

  useEffect(() => apiEvents.on('maintenance', setNotice), []);
  useEffect(() => setControllerWanted(true), []);

  return (
    <>
      {inMaintenance ? null : children}
      {controllerWanted ? (
        <MaintenanceController
          underMaintenance={underMaintenance}
          notice={notice}
          onMaintenanceChange={setInMaintenance}
          checkStatus={checkStatus}
          recheckIntervalMs={recheckIntervalMs}
        />
      ) : null}
    </>
  );
}
