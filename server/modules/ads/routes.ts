import {
  AD_ASSET_MAX_BYTES,
  adAssetUploadResponseSchema,
  adBookingSchema,
  addEventOrderDetailsRequestSchema,
  slotDetailsRequestSchema,
  slotDetailsResponseSchema,
  slotsForPackageRequestSchema,
  slotsForPackageResponseSchema,
} from '@contract/ads';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '../../context';
import { currentUser } from '../../plugins/auth';
import { ownerOrOperator } from '../../plugins/operator';
import { limitPerClient } from '../../plugins/rate-limit';
import { uploadLimits } from '../../storage/quota';
import { fileFieldOf, sendUpload } from '../../storage/upload';
import { type AdsService, createAdsService } from './service';

type RequestHook = (request: FastifyRequest) => Promise<void>;

const NO_STORE = 'no-store';
/** An uploaded creative is shown as itself and nothing else: no script, no framing by another site. */
const ASSET_CSP = "default-src 'none'; img-src 'self'; sandbox";
const assetKeyQuerySchema = z.object({ key: z.string().min(1).max(300) });

interface AdsRoutesOptions {
  service: AdsService;
  operatorToken?: string | undefined;
  limits: { reads: RequestHook; uploads: RequestHook };
}

/** Under /api/invoicing (spec §7): the slot calls, the creative's upload and the order's creative. */
export const adsRoutes: FastifyPluginAsyncZod<AdsRoutesOptions> = async (
  app,
  { service, operatorToken, limits },
) => {
  const requireUser = app.requireUser();
  const readerOf = ownerOrOperator(operatorToken, async (request, reply) => {
    await requireUser.call(app, request, reply);
    return { userId: currentUser(request).userId };
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: AD_ASSET_MAX_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      fieldNameSize: 64,
      headerPairs: 20,
    },
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
  });

  app.post(
    '/get_available_slots_details_for_rental_package/v1/',
    {
      bodyLimit: 1024,
      onRequest: [limits.reads],
      schema: { body: slotsForPackageRequestSchema, response: { 200: slotsForPackageResponseSchema } },
    },
    async (request) => service.slots(request.body),
  );

  app.post(
    '/get_available_slot_details/v1/',
    {
      bodyLimit: 8 * 1024,
      onRequest: [limits.reads],
      schema: { body: slotDetailsRequestSchema, response: { 200: slotDetailsResponseSchema } },
    },
    async (request) => service.slotDetails(request.body),
  );

  app.post(
    '/ad_assets/upload/v1/',
    {
      config: { uploadBody: true },
      onRequest: [limits.uploads],
      preHandler: requireUser,
      schema: { response: { 201: adAssetUploadResponseSchema } },
    },
    async (request, reply) => {
      const part = await fileFieldOf(request, 'image');
      return reply.code(201).send(await service.storeAsset(currentUser(request).userId, part));
    },
  );

  app.get('/ad_assets/v1/', { schema: { querystring: assetKeyQuerySchema } }, async (request, reply) => {
    const reader = await readerOf(request, reply);
    return sendUpload(reply, await service.readAsset(request.query.key, reader), ASSET_CSP);
  });

  app.post(
    '/add_event_orders_details/v1/',
    {
      bodyLimit: 8 * 1024,
      preHandler: requireUser,
      schema: { body: addEventOrderDetailsRequestSchema, response: { 200: adBookingSchema } },
    },
    async (request) => service.addEventOrderDetails(currentUser(request).userId, request.body),
  );
};

/** Slot reads per client address per hour (a calendar asks once per month shown), and uploads. */
const READS_PER_HOUR = 600;
const UPLOADS_PER_HOUR = 60;

export const adsModule = fp<ModuleOptions>(
  async (app, { db, now, config, operatorToken, services }) => {
    await app.register(adsRoutes, {
      prefix: '/api/invoicing',
      operatorToken,
      service: createAdsService({ db, now, storage: services.storage, uploadLimits: uploadLimits(config) }),
      limits: {
        reads: limitPerClient(
          { db, now },
          {
            name: 'ad_slots',
            windowSeconds: 3600,
            limit: READS_PER_HOUR,
            message: 'Too many requests from this network. Try again later.',
          },
        ),
        uploads: limitPerClient(
          { db, now },
          {
            name: 'ad_asset_uploads',
            windowSeconds: 3600,
            limit: UPLOADS_PER_HOUR,
            message: 'Too many files were sent from this network. Try again later.',
          },
        ),
      },
    });
  },
  { name: 'ads' },
);
