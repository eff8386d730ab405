import { PINCODE_PATTERN } from '@contract/patterns';
import {
  commerceStatesResponseSchema,
  pickupLocationsResponseSchema,
  pincodeAvailabilityQuerySchema,
  pincodeAvailabilityResponseSchema,
  pincodeParamsSchema,
  postalCodeParamsSchema,
  postalLookupResponseSchema,
  shippingChargesQuerySchema,
  shippingChargesResponseSchema,
  statesQuerySchema,
} from '@contract/places';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { HttpError } from '../../errors';
import { createResponseMemo, type ResponseMemo, sendJson } from '../../plugins/response-memo';
import type { PlacesService } from './service';

interface PlacesRoutesOptions {
  service: PlacesService;
  /** The answers, serialised once per generation of the reference data. */
  memo: ResponseMemo;
}

/** Reference data that changes with a deploy at most: the postal directory and the states. */
const REFERENCE = 'public, max-age=86400';
/** The shop may change these at any time: the service worker keeps a copy but asks again. */
const REVALIDATE = 'no-cache';

/** Under /api/commerce: the shipping charge to a pincode and the states of a country. */
export const shippingRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { service, memo }) => {
  app.get(
    '/shipping_charges/:pincode/v1/',
    {
      schema: {
        params: postalCodeParamsSchema,
        querystring: shippingChargesQuerySchema,
        response: { 200: shippingChargesResponseSchema },
      },
    },
    async (request, reply) => {
      const pincode = request.params.pincode.toUpperCase();
      const country = request.query.country_name_enum;
      if (country === 'IN' && !PINCODE_PATTERN.test(pincode))
        throw new HttpError(400, 'Enter a 6-digit pincode', { field: 'pincode' });
      // Abroad the charge is the country's: one answer per country, however many postal codes are asked for.
      const json = await memo.json(
        country === 'IN' ? `shipping ${pincode} IN` : `shipping abroad ${country}`,
        shippingChargesResponseSchema,
        async () => ({
          shipping_charges: await service.shippingCharges(pincode, country),
        }),
      );
      return sendJson(reply.header('cache-control', REVALIDATE), json);
    },
  );

  app.get(
    '/states/v1/',
    { schema: { querystring: statesQuerySchema, response: { 200: commerceStatesResponseSchema } } },
    async (request, reply) => {
      const country = request.query.country_name_enum;
      const json = await memo.json(`states ${country}`, commerceStatesResponseSchema, () =>
        service.states(country),
      );
      return sendJson(reply.header('cache-control', REFERENCE), json);
    },
  );
};

/** Under /api/invoicing: delivery to a pincode, and where an order can be collected. */
export const deliveryRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { service, memo }) => {
  app.get(
    '/check_availability_for_pincode/v1/',
    {
      schema: {
        querystring: pincodeAvailabilityQuerySchema,
        response: { 200: pincodeAvailabilityResponseSchema },
      },
    },
    async (request, reply) => {
      const { pincode } = request.query;
      const json = await memo.json(`delivery ${pincode}`, pincodeAvailabilityResponseSchema, () =>
        service.availability(pincode),
      );
      return sendJson(reply.header('cache-control', REFERENCE), json);
    },
  );

  app.get(
    '/pickup_locations/v1/',
    { schema: { response: { 200: pickupLocationsResponseSchema } } },
    async (_request, reply) => {
      const json = await memo.json('pickup', pickupLocationsResponseSchema, async () => ({
        pickup_locations: await service.pickupLocations(),
      }));
      return sendJson(reply.header('cache-control', REVALIDATE), json);
    },
  );
};

/** Under /api/postal: the India Post lookup, answered from the shop's own directory. */
export const postalRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { service, memo }) => {
  app.get(
    '/pincode/:pincode',
    { schema: { params: pincodeParamsSchema, response: { 200: postalLookupResponseSchema } } },
    async (request, reply) => {
      const { pincode } = request.params;
      const json = await memo.json(`postal ${pincode}`, postalLookupResponseSchema, () =>
        service.postalLookup(pincode),
      );
      return sendJson(reply.header('cache-control', REFERENCE), json);
    },
  );
};

/** Shipping and places answer under three services: commerce, invoicing and postal (spec §7). */
export const placesModule = fp<ModuleOptions>(
  async (app, deps) => {
    const service = deps.services.places;
    const memo = createResponseMemo({ current: service.generation });
    await app.register(shippingRoutes, { prefix: '/api/commerce', service, memo });
    await app.register(deliveryRoutes, { prefix: '/api/invoicing', service, memo });
    await app.register(postalRoutes, { prefix: '/api/postal', service, memo });
  },
  { name: 'places' },
);
