import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { dismissServiceWorkerUpdate, serviceWorkerUpdate } from './updateState';
import './pwa.css';

/** Offers the new build once its service worker is waiting; the app never swaps under the buyer unasked. */
export function UpdatePrompt() {
  const { updateReady, dismissed } = useSnapshot(serviceWorkerUpdate);
  const [reloading, setReloading] = useState(false);
  const open = updateReady && !dismissed;

  const reload = () => {
    setReloading(true);
    // Loaded already: the prompt opens only once the service worker it registered has an update waiting.
    void import('./registerServiceWorker').then((worker) => worker.applyServiceWorkerUpdate());
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
