import {
  commerceStatesResponseSchema,
  pickupLocationsResponseSchema,
  pincodeAvailabilityQuerySchema,
  pincodeAvailabilityResponseSchema,
  pincodeParamsSchema,
  postalLookupResponseSchema,
  shippingChargesQuerySchema,
  shippingChargesResponseSchema,
  statesQuerySchema,
} from '@contract/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { createPlacesService, type PlacesService } from './service';

interface PlacesRoutesOptions {
  service: PlacesService;
}

/** Reference data that changes with a deploy at most: the postal directory and the states. */
const REFERENCE = 'public, max-age=86400';
/** The shop may change these at any time: the service worker keeps a copy but asks again. */
const REVALIDATE = 'no-cache';

/** Under /api/commerce: the shipping charge to a pincode and the states of a country. */
export const shippingRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { service }) => {
  app.get(
    '/shipping_charges/:pincode/v1/',
    {
      schema: {
        params: pincodeParamsSchema,
        querystring: shippingChargesQuerySchema,
        response: { 200: shippingChargesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', REVALIDATE);
      return {
        shipping_charges: await service.shippingCharges(
          request.params.pincode,
          request.query.country_name_enum,
        ),
      };
    },
  );

  app.get(
    '/states/v1/',
    { schema: { querystring: statesQuerySchema, response: { 200: commerceStatesResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', REFERENCE);
      return service.states(request.query.country_name_enum);
    },
  );
};

/** Under /api/invoicing: delivery to a pincode, and where an order can be collected. */
export const deliveryRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { service }) => {
  app.get(
    '/check_availability_for_pincode/v1/',
    {
      schema: {
        querystring: pincodeAvailabilityQuerySchema,
        response: { 200: pincodeAvailabilityResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', REFERENCE);
      return service.availability(request.query.pincode);
    },
  );

  app.get(
    '/pickup_locations/v1/',
    { schema: { response: { 200: pickupLocationsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', REVALIDATE);
      return { pickup_locations: await service.pickupLocations() };
    },
  );
};

/** Under /api/postal: the India Post lookup, answered from the shop's own directory. */
export const postalRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { service }) => {
  app.get(
    '/pincode/:pincode',
    { schema: { params: pincodeParamsSchema, response: { 200: postalLookupResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', REFERENCE);
      return service.postalLookup(request.params.pincode);
    },
  );
};

/** Shipping and places answer under three services: commerce, invoicing and postal (spec §7). */
export const placesModule: FastifyPluginAsyncZod<ModuleOptions> = async (app, deps) => {
  const service = createPlacesService({ db: deps.db, log: app.log });
  await app.register(shippingRoutes, { prefix: '/api/commerce', service });
  await app.register(deliveryRoutes, { prefix: '/api/invoicing', service });
  await app.register(postalRoutes, { prefix: '/api/postal', service });
};
