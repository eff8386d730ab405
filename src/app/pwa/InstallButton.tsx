import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { installState, promptInstall, watchInstallPrompt } from './install';
import './pwa.css';

/**
 * "Install app", shown only while the browser offers installation (beforeinstallprompt) and the shop is not
 * already running as the installed app.
 */
export function InstallButton() {
  useEffect(watchInstallPrompt, []);
  const { canInstall, installed } = useSnapshot(installState);
  const [prompting, setPrompting] = useState(false);
  if (!canInstall || installed) return null;

  const install = async () => {
    setPrompting(true);
    try {
      await promptInstall();
    } finally {
      setPrompting(false);
    }
  };

  return (
    // On a phone the header has room for the icon only; the label stays the button's accessible name.
    <button type="button" className="pwa-install" onClick={install} disabled={prompting} title="Install app">
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3" />
      </svg>
      <span className="pwa-install__label">Install app</span>
    </button>
  );
}
