import { useIsOnline } from '@/api/online';
import './pwa.css';
import '@/ui/visually-hidden.css';

/**
 * Tells the buyer they are offline: a short mark in the header's row, so it never covers the page (its heading sits
 * under the header) and showing it moves nothing below; screen readers hear the whole sentence.
 */
export function OfflineBanner() {
  const online = useIsOnline();
  // The live region stays mounted so screen readers announce the message when it appears.
  return (
    <div className="pwa-offline" role="status" aria-live="polite">
      {!online && (
        <p className="pwa-offline__message">
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M3 3l18 18" />
            <circle cx="12" cy="19" r="1" fill="currentColor" />
          </svg>
          <span aria-hidden="true">Offline</span>
          <span className="visually-hidden">You are offline — showing saved pages</span>
        </p>
      )}
    </div>
  );
}
