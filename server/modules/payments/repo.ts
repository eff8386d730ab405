import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import type { PaymentEvent } from './provider';

/** Whether this provider's event was applied before. */
export async function hasPaymentEvent(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  return rows.length > 0;
}

/** Remembers an applied event; false when another delivery of it was recorded first. */
export async function recordPaymentEvent(
  db: Executor,
  provider: string,
  event: PaymentEvent,
  receivedAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({
      provider,
      eventId: event.eventId,
      providerOrderId: event.providerOrderId,
      outcome: event.outcome,
      occurredAt: event.occurredAt,
      receivedAt,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length === 1;
}
