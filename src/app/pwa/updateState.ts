import { proxy } from 'valtio';

/** updateReady: a new build is installed and waiting; dismissed: the buyer closed the prompt for now. */
export const serviceWorkerUpdate = proxy({ updateReady: false, dismissed: false });

export function dismissServiceWorkerUpdate(): void {
  serviceWorkerUpdate.dismissed = true;
}
