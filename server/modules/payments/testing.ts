import type { App } from '../../app';
import type { Database } from '../../db/client';
import {
  createSandbox,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  type SandboxDeps,
  sandboxWebhookSecret,
  sandboxWebhookSignature,
} from './sandbox';

/** Helpers for the payment tests. */

/** A webhook signed as the sandbox signs one delivered at `sentAt`, posted to the shop. */
export function sendSandboxWebhook(
  app: App,
  input: {
    sandboxSecret: string;
    providerOrderId: string;
    event: 'payment.captured' | 'payment.failed' | 'payment.pending';
    eventId: string;
    sentAt: Date;
    /** The signing secret of the webhook itself (default: the sandbox's); another one forges it. */
    webhookSecret?: string;
  },
) {
  const raw = JSON.stringify({
    event_id: input.eventId,
    event: input.event,
    occurred_at: input.sentAt.toISOString(),
    provider_order_id: input.providerOrderId,
    provider_payment_id: `pay_${input.eventId}`,
  });
  const timestamp = Math.floor(input.sentAt.getTime() / 1000);
  const secret = input.webhookSecret ?? sandboxWebhookSecret(input.sandboxSecret);
  return app.inject({
    method: 'POST',
    url: '/pay/sandbox/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
      [SANDBOX_SIGNATURE_HEADER]: sandboxWebhookSignature(secret, timestamp, raw),
    },
  });
}

/** A sandbox of a test's own on the test app's database, whose webhooks go nowhere unless `deliver` says. */
export function testSandbox(
  shop: { db: Database; app: App },
  input: { secret: string; now: () => Date } & Partial<Pick<SandboxDeps, 'deliver' | 'webhookDelayMs'>>,
) {
  return createSandbox({
    db: shop.db,
    settleMs: 1000,
    deliver: async () => {},
    log: shop.app.log,
    ...input,
  });
}
