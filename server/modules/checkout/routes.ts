import { priceEstimateRequestSchema, priceEstimateResponseSchema } from '@contract/pricing';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { createResponseMemo, type ResponseMemo, sendJson } from '../../plugins/response-memo';
import type { EstimateVariant } from './rules';
import type { CheckoutService } from './service';

/** An estimate body names at most 20 packages of 20 products and a few short fields. */
const ESTIMATE_BODY_LIMIT = 16 * 1024;
/** Spec §7: the estimate is never cached. */
const NO_STORE = 'no-store';

const ESTIMATES: readonly { path: string; variant: EstimateVariant }[] = [
  { path: '/orders/price_estimate/v1/', variant: { international: false, singlePackage: true } },
  {
    path: '/orders/price_estimate/multiple_packages/v1/',
    variant: { international: false, singlePackage: false },
  },
  {
    path: '/orders/price_estimate/multiple_packages/v2/',
    variant: { international: true, singlePackage: false },
  },
];

/** Under /api/commerce: the price estimates (spec §7), signed in or not (a buyer's coupon uses need the buyer). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ service: CheckoutService; memo: ResponseMemo }> = async (
  app,
  { service, memo },
) => {
  const optionalUser = app.optionalUser();
  for (const { path, variant } of ESTIMATES) {
    app.post(
      path,
      {
        bodyLimit: ESTIMATE_BODY_LIMIT,
        preHandler: optionalUser,
        schema: { body: priceEstimateRequestSchema, response: { 200: priceEstimateResponseSchema } },
      },
      async (request, reply) => {
        reply.header('cache-control', NO_STORE);
        const body = request.body;
        // Without a code the estimate depends only on the catalogue and the reference data: kept per catalogue
        // version. A coupon's or invite's validity and uses depend on the clock and the buyer: priced every time.
        if (!body.coupon_code && !body.associate_code && !body.invite_code) {
          const key = `${path} ${JSON.stringify(body)}`;
          const json = await memo.json(key, priceEstimateResponseSchema, () =>
            service.estimate(body, variant, null),
          );
          return sendJson(reply, json);
        }
        return service.estimate(body, variant, request.user?.userId ?? null);
      },
    );
  }
};

/** The checkout's pricing: catalogue and shipping charges from memory, coupons by one indexed lookup. */
export const checkoutModule = fp<ModuleOptions>(
  async (app, deps) => {
    const service = deps.services.checkout;
    const memo = createResponseMemo(deps.services.catalogueVersion);
    await app.register(checkoutRoutes, { prefix: '/api/commerce', service, memo });
  },
  { name: 'checkout' },
);
