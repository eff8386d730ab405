import { useSyncExternalStore } from 'react';
import type { ReplayReport } from '@/storage/outbox';

/*
 * Where each outbox entry this page enqueued stands, apart from the outbox's sending code (./outbox.ts) so a form
 * can show it without loading that code until a request has to wait.
 */

export type OutboxStatus =
  | { state: 'waiting' }
  | { state: 'sent'; body: unknown }
  | { state: 'dropped'; status: number; message: string };

/** A random UUID; where the page is not a secure context (no randomUUID), 128 random bits as text. */
export function newIdempotencyKey(): string {
  return (
    crypto.randomUUID?.() ??
    Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('-')
  );
}

/* ---- Where each entry of this page stands ---- */

const statuses = new Map<string, OutboxStatus>();
const listeners = new Set<() => void>();

export function setStatus(key: string, status: OutboxStatus): void {
  statuses.set(key, status);
  for (const listener of listeners) listener();
}

export function outboxStatus(key: string): OutboxStatus | undefined {
  return statuses.get(key);
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where an entry this page enqueued stands: waiting, sent (with the server's answer) or dropped (with why). */
export function useOutboxStatus(key: string | null): OutboxStatus | undefined {
  return useSyncExternalStore(
    subscribeOutbox,
    () => (key ? statuses.get(key) : undefined),
    () => undefined,
  );
}

export function applyReport(report: Pick<ReplayReport, 'sent' | 'dropped'>): void {
  for (const sent of report.sent) setStatus(sent.key, { state: 'sent', body: sent.body });
  for (const dropped of report.dropped) {
    setStatus(dropped.key, { state: 'dropped', status: dropped.status, message: dropped.message });
  }
}
