import { orderParamsSchema } from '@contract/orders';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../context';
import { HttpError } from '../../errors';
import { limitPerClient } from '../../plugins/rate-limit';
import { hasPaymentEvent, recordPaymentEvent } from './repo';
import { SANDBOX_CHOICES, type Sandbox } from './sandbox';
import { linkPage, modalPage, SANDBOX_CHECKOUT_JS, SANDBOX_CSS, SANDBOX_MODAL_JS } from './sandbox-pages';

const NO_STORE = 'no-store';
/** The sandbox's webhook bodies are small JSON documents. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The sandbox's background work runs while the app does (only when it is the shop's provider). */
export const paymentsModule = fp<ModuleOptions>(
  async (app, deps) => {
    const { config } = deps;
    const { sandbox } = deps.services.payments;
    if (config.PAYMENT_PROVIDER !== 'sandbox') return;
    if (config.NODE_ENV === 'production') {
      app.log.warn(
        'SANDBOX_IN_PRODUCTION: this production shop takes payments with the built-in SANDBOX provider. No money moves: every order can be "paid" by its buyer choosing success. Set PAYMENT_PROVIDER=razorpay to take real payments.',
      );
    }
    app.addHook('onReady', async () => sandbox.start());
    app.addHook('onClose', () => sandbox.stop());
  },
  { name: 'payments' },
);

/** The grant the shop handed the order's buyer with the payment (sandbox.grant). */
const tokenSchema = z.string().trim().max(200).optional();
const chooseBodySchema = z.object({
  provider_order_id: z.string().trim().min(1).max(128),
  choice: z.enum(SANDBOX_CHOICES),
  token: tokenSchema,
});
const sandboxParamsSchema = z.object({ id: z.string().trim().min(1).max(128) });
const modalQuerySchema = z.object({ order_id: z.string().trim().min(1).max(128), token: tokenSchema });
const linkQuerySchema = z.object({ token: tokenSchema });

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', NO_STORE)
    .send(body);
}

/** The sandbox's own pages and calls (only when it is the shop's provider). */
const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: Sandbox }> = async (app, { sandbox }) => {
  // The hosted page's form posts application/x-www-form-urlencoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const asset = (path: string, type: string, body: string) =>
    app.get(path, async (_request, reply) =>
      reply.header('content-type', type).header('cache-control', 'public, max-age=300').send(body),
    );
  asset('/checkout.js', 'text/javascript; charset=utf-8', SANDBOX_CHECKOUT_JS);
  asset('/modal.js', 'text/javascript; charset=utf-8', SANDBOX_MODAL_JS);
  asset('/sandbox.css', 'text/css; charset=utf-8', SANDBOX_CSS);

  app.get('/modal', { schema: { querystring: modalQuerySchema } }, async (request, reply) => {
    // Framed by the shop's own pages, and by nothing else.
    reply.header('content-security-policy', frameableCsp(reply.getHeader('content-security-policy')));
    reply.header('x-frame-options', 'SAMEORIGIN');
    const { order_id: id, token } = request.query;
    const payment = await sandbox.findGranted(id, token, 'modal');
    return html(reply, 200, modalPage(payment, token ?? ''));
  });

  app.post('/api/choose', { schema: { body: chooseBodySchema } }, async (request, reply) => {
    const { provider_order_id: id, choice, token } = request.body;
    const result = await sandbox.choose(id, choice, token, 'modal');
    reply.header('cache-control', NO_STORE);
    return {
      event: result.event,
      response: result.result,
      error:
        choice === 'failure'
          ? {
              code: 'BAD_REQUEST_ERROR',
              description: 'The sandbox payment failed, as chosen.',
              metadata: { order_id: id, payment_id: result.payment.providerPaymentId },
            }
          : null,
    };
  });

  app.get(
    '/link/:id',
    { schema: { params: sandboxParamsSchema, querystring: linkQuerySchema } },
    async (request, reply) => {
      const { token } = request.query;
      const payment = await sandbox.findGranted(request.params.id, token, 'redirect');
      return html(reply, 200, linkPage(payment, token ?? ''));
    },
  );

  app.post(
    '/link/:id',
    {
      schema: {
        params: sandboxParamsSchema,
        body: z.object({ choice: z.enum(SANDBOX_CHOICES), token: tokenSchema }),
      },
    },
    async (request, reply) => {
      const { choice, token } = request.body;
      const result = await sandbox.choose(request.params.id, choice, token, 'redirect');
      return reply.header('cache-control', NO_STORE).redirect(result.returnUrl, 303);
    },
  );
};

/** The baseline CSP with frame-ancestors 'self' instead of 'none'. */
export function frameableCsp(current: unknown): string {
  return String(current ?? '').replace("frame-ancestors 'none'", "frame-ancestors 'self'");
}

/** Under /pay: the provider's webhook, the hosted page's way back, and the sandbox's pages. */
export const paymentRoutesModule: FastifyPluginAsyncZod<ModuleOptions> = async (app, deps) => {
  const { provider, sandbox } = deps.services.payments;
  const orders = deps.services.orders.payments;
  const ordersService = deps.services.orders;

  await app.register(
    async (hooks) => {
      // The signature is over the exact bytes sent, so the body stays raw.
      hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      // Counted before the body is read: a flood from one address costs a counter, not a signature check.
      const perClient = limitPerClient(deps, {
        name: 'webhook',
        limit: deps.config.WEBHOOK_IP_LIMIT_PER_MINUTE,
        windowSeconds: 60,
        message: 'Too many webhook deliveries from this address. Deliver again later.',
      });
      hooks.post(
        `/${provider.name}/webhook`,
        { bodyLimit: WEBHOOK_BODY_LIMIT, onRequest: perClient },
        async (request, reply) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
          const event = provider.parseWebhook(raw, request.headers);
          reply.header('cache-control', NO_STORE);
          // The request's own log line (400, its URL naming the provider) is the one line a refusal writes.
          if (!event) throw new HttpError(400, 'Invalid webhook signature');
          // Redelivered: it was applied once, and applying is idempotent anyway.
          if (await hasPaymentEvent(deps.db, provider.name, event.eventId)) return { status: 'duplicate' };
          const found = await orders.findByProviderOrderId(event.providerOrderId);
          if (found) {
            await orders.applyOutcome(found.orderId, event.outcome, event.providerPaymentId);
          } else {
            request.log.warn(
              { provider_order_id: event.providerOrderId },
              'a webhook for an unknown payment order',
            );
          }
          await recordPaymentEvent(deps.db, provider.name, event, deps.now());
          return { status: found ? 'applied' : 'ignored' };
        },
      );
    },
    { prefix: '/pay' },
  );

  app.get('/pay/return/:id', { schema: { params: orderParamsSchema } }, async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries(request.query as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const orderId = await ordersService.acceptReturn(request.params.id, query);
    return reply
      .header('cache-control', NO_STORE)
      .redirect(`/order/${encodeURIComponent(orderId)}/success`, 303);
  });

  if (deps.config.PAYMENT_PROVIDER === 'sandbox') {
    await app.register(sandboxRoutes, { prefix: '/pay/sandbox', sandbox });
  }
};
