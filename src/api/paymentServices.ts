import type { PaymentService } from '@contract/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';

/*
 * POST /api/invoicing/packages/payment_services/v1/ (spec §3 "Payment services per package", §7): which payment
 * services the chosen packages take in the buyer's country. The checkout offers those every package takes.
 */

const catalogueSchemas = () => import('@contract/catalogue');

export interface PaymentServiceOption {
  service: PaymentService;
  description: string;
}

/** The services every package offers, in the first package's order. */
export function commonPaymentServices(
  packages: readonly {
    payment_services_details: readonly {
      payment_service: PaymentService;
      payment_service_description: string;
    }[];
  }[],
): PaymentServiceOption[] {
  const [first, ...rest] = packages;
  if (!first) return [];
  return first.payment_services_details
    .filter((detail) =>
      rest.every((pkg) =>
        pkg.payment_services_details.some((d) => d.payment_service === detail.payment_service),
      ),
    )
    .map((detail) => ({ service: detail.payment_service, description: detail.payment_service_description }));
}

export function paymentServicesQuery(packageCodes: readonly string[], countryCode: string) {
  const codes = [...new Set(packageCodes)].sort();
  return queryOptions({
    queryKey: ['invoicing', 'paymentServices', codes, countryCode] as const,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest({
        service: 'invoicing',
        path: '/packages/payment_services/v1/',
        method: 'POST',
        body: { package_codes: codes, country_name_enum: countryCode },
        schema: () => catalogueSchemas().then((schemas) => schemas.paymentServicesResponseSchema),
        optionalAuth: true,
        signal,
      });
      return commonPaymentServices(answer.packages);
    },
    enabled: codes.length > 0,
    staleTime: 10 * 60_000,
  });
}
