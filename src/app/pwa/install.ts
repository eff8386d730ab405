import { proxy } from 'valtio';

/** Chromium's install prompt event; not in the DOM typings because it is not a standard. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** canInstall: the browser offered an install prompt we can show; installed: running as the installed app. */
export const installState = proxy({ canInstall: false, installed: false });

// The event holds the prompt; kept outside the store because it is a browser object, not state.
let deferredPrompt: BeforeInstallPromptEvent | null = null;
let watching = false;

function runningStandalone(): boolean {
  const standaloneMedia =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  // iOS Safari's home-screen apps report themselves here instead.
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standaloneMedia || iosStandalone;
}

/**
 * Listens for the browser's install offer; safe to call more than once. Call it early (registerServiceWorker
 * does), because Chromium may fire beforeinstallprompt before the install button is on screen.
 */
export function watchInstallPrompt(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  installState.installed = runningStandalone();
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away; the shop offers its own button instead.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    installState.canInstall = !installState.installed;
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    installState.canInstall = false;
    installState.installed = true;
  });
}

/** Shows the browser's install dialog. A prompt can be used once, so the button hides either way. */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = deferredPrompt;
  if (!event) return 'unavailable';
  deferredPrompt = null;
  installState.canInstall = false;
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}
