import { secondsToHours, secondsToMinutes } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { pageLoad } from '@/lib/pageLoad';
import { fetchMaintenanceStatus, STATUS_RECHECK_MS, type StatusCheck, WORKING_STATUS } from './api';
import './MaintenanceScreen.css';

export interface MaintenanceScreenProps {
  /** The server's message ("under maintenance" by default, spec §4). */
  message: string;
  /** Seconds the shop expects to be down, counted from receivedAt. */
  timeInSeconds: number;
  /** When the maintenance response arrived (epoch ms). */
  receivedAt: number;
  /** Called when a re-check says the shop is working again; without it the screen does not re-check. */
  onWorking?: () => void;
  checkStatus?: StatusCheck;
  recheckIntervalMs?: number;
}

export interface CountdownParts {
  hours: string;
  minutes: string;
  seconds: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Splits whole seconds into zero-padded hours (not capped at 24), minutes and seconds. */
export function countdownParts(totalSeconds: number): CountdownParts {
  const total = Math.max(0, Math.floor(totalSeconds));
  return {
    hours: pad(secondsToHours(total)),
    minutes: pad(secondsToMinutes(total) % 60),
    seconds: pad(total % 60),
  };
}

function remainingSeconds(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** For the polite live region: changes once a minute, so a screen reader is not read every second. */
function announcement(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (seconds === 0) return 'Reloading the shop now.';
  return `About ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} until we are back.`;
}

/** Replaces the whole app while the shop is under maintenance (spec §4 Maintenance, §9). */
export function MaintenanceScreen({
  message,
  timeInSeconds,
  receivedAt,
  onWorking,
  checkStatus = fetchMaintenanceStatus,
  recheckIntervalMs = STATUS_RECHECK_MS,
}: MaintenanceScreenProps) {
  const deadline = receivedAt + timeInSeconds * 1000;
  const [seconds, setSeconds] = useState(() => remainingSeconds(deadline));
  const reloaded = useRef(false);
  const checking = useRef(false);

  useEffect(() => {
    setSeconds(remainingSeconds(deadline));
    const timer = setInterval(() => setSeconds(remainingSeconds(deadline)), 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  // Spec §9: the maintenance screen reloads the page at zero.
  useEffect(() => {
    if (seconds > 0 || reloaded.current) return;
    reloaded.current = true;
    pageLoad.reload();
  }, [seconds]);

  // Ask the server every 30 s so the buyer gets the shop back as soon as it is up.
  const latestOnWorking = useRef(onWorking);
  latestOnWorking.current = onWorking;
  const canRecheck = onWorking !== undefined;
  useEffect(() => {
    if (!canRecheck) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (checking.current) return;
      checking.current = true;
      checkStatus(controller.signal)
        .then((status) => {
          if (status.res_status === WORKING_STATUS) latestOnWorking.current?.();
        })
        .catch(() => {
          // Still down or unreachable: keep counting down.
        })
        .finally(() => {
          checking.current = false;
        });
    }, recheckIntervalMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [canRecheck, checkStatus, recheckIntervalMs]);

  const parts = countdownParts(seconds);
  const units: [keyof CountdownParts, string][] = [
    ['hours', 'Hours'],
    ['minutes', 'Minutes'],
    ['seconds', 'Seconds'],
  ];

  return (
    <main className="maintenance" aria-labelledby="maintenance-title">
      <div className="maintenance__card">
        <svg
          className="maintenance__icon"
          viewBox="0 0 48 48"
          width="48"
          height="48"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M15 13c5 7 5 15 0 22M33 13c-5 7-5 15 0 22"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <h1 id="maintenance-title" className="maintenance__title">
          We'll be right back
        </h1>
        <p className="maintenance__message">{message}</p>
        <p id="maintenance-get-back" className="maintenance__get-back">
          We'll get back to you in
        </p>
        <div className="maintenance__countdown" role="timer" aria-labelledby="maintenance-get-back">
          {units.map(([unit, label], index) => (
            <span key={unit} className="maintenance__unit-group">
              {index > 0 && (
                <span className="maintenance__separator" aria-hidden="true">
                  :
                </span>
              )}
              <span className="maintenance__unit" data-testid={`countdown-${unit}`}>
                <span className="maintenance__value">{parts[unit]}</span>
                <span className="maintenance__label">{label}</span>
              </span>
            </span>
          ))}
        </div>
        <p className="maintenance__live" aria-live="polite">
          {announcement(seconds)}
        </p>
      </div>
    </main>
  );
}
