import { useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  applyServiceWorkerUpdate,
  dismissServiceWorkerUpdate,
  serviceWorkerUpdate,
} from './registerServiceWorker';
import './pwa.css';

/** Offers the new build once its service worker is waiting; the app never swaps under the buyer unasked. */
export function UpdatePrompt() {
  const { updateReady, dismissed } = useSnapshot(serviceWorkerUpdate);
  const [reloading, setReloading] = useState(false);
  const open = updateReady && !dismissed;

  const reload = () => {
    setReloading(true);
    void applyServiceWorkerUpdate();
  };

  return (
    <div className="pwa-update" role="status" aria-live="polite">
      {open && (
        <div className="pwa-update__card">
          <p className="pwa-update__text">A new version is ready</p>
          <div className="pwa-update__actions">
            <button
              type="button"
              className="pwa-button pwa-button--ghost"
              onClick={dismissServiceWorkerUpdate}
              disabled={reloading}
            >
              Later
            </button>
            <button
              type="button"
              className="pwa-button pwa-button--primary"
              onClick={reload}
              disabled={reloading}
              aria-busy={reloading || undefined}
            >
              {reloading ? 'Reloading…' : 'Reload'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
