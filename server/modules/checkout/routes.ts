import { priceEstimateRequestSchema, priceEstimateResponseSchema } from '@contract/pricing';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { operatorGuard } from '../../plugins/operator';
import { createResponseMemo, type ResponseMemo, sendJson } from '../../plugins/response-memo';
import { createInviteGuessLimit, type InviteGuessLimit } from '../invites/guesses';
import {
  COUPONS_ADMIN_PATH,
  COUPONS_REVOKE_PATH,
  couponIssueRequestSchema,
  couponListResponseSchema,
  couponRevokeRequestSchema,
  couponRevokeResponseSchema,
  issueCoupon,
  listedCouponSchema,
  readCoupons,
  revokeCoupon,
} from './cli';
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
export const checkoutRoutes: FastifyPluginAsyncZod<{
  service: CheckoutService;
  memo: ResponseMemo;
  withInviteGuess: InviteGuessLimit;
}> = async (app, { service, memo, withInviteGuess }) => {
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
        const userId = request.user?.userId ?? null;
        return withInviteGuess({ userId, ip: request.ip }, body.invite_code, () =>
          service.estimate(body, variant, userId),
        );
      },
    );
  }
};

/**
 * The operator's coupon commands through the running server (`npm run shop -- coupons list|issue|revoke`). A write
 * moves the catalogue version (a trigger), read here at once so this process prices with it from the next call.
 */
const couponAdminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, deps) => {
  const onRequest = operatorGuard(deps.operatorToken);
  const changed = () => deps.services.catalogueVersion.refresh();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
  });
  app.get(
    COUPONS_ADMIN_PATH,
    { onRequest, schema: { response: { 200: couponListResponseSchema } } },
    async () => readCoupons(deps.db, deps.now()),
  );
  app.post(
    COUPONS_ADMIN_PATH,
    { onRequest, schema: { body: couponIssueRequestSchema, response: { 200: listedCouponSchema } } },
    async (request) => {
      const issued = await issueCoupon(deps.db, request.body, deps.now());
      await changed();
      return issued;
    },
  );
  app.post(
    COUPONS_REVOKE_PATH,
    { onRequest, schema: { body: couponRevokeRequestSchema, response: { 200: couponRevokeResponseSchema } } },
    async (request) => {
      const revoked = await revokeCoupon(deps.db, request.body);
      await changed();
      return revoked;
    },
  );
};

/** The checkout's pricing: catalogue and shipping charges from memory, coupons by one indexed lookup. */
export const checkoutModule = fp<ModuleOptions>(
  async (app, deps) => {
    const service = deps.services.checkout;
    const memo = createResponseMemo(deps.services.catalogueVersion);
    const withInviteGuess = createInviteGuessLimit({
      db: deps.db,
      now: deps.now,
      config: deps.config,
    });
    await app.register(checkoutRoutes, { prefix: '/api/commerce', service, memo, withInviteGuess });
    await app.register(couponAdminRoutes, deps);
  },
  { name: 'checkout' },
);
