import type { PostalLookupResponse, PostOffice, StateOption } from '@contract/places';
import { cityOfOffice, pincodeDistrict } from '@contract/postal';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';

/*
 * The postal lookup (spec §7 External lookups, §5 Postal lookup): GET /pincode/{pincode} on the postal service,
 * answered in the public India Post lookup's shape. The checkout fills city and state from the office chosen here;
 * any failure leaves the fields as the buyer typed them.
 */

export type { PostOffice };

/** Spec §7: the lookup gives up after 5 seconds, returning nothing. */
export const POSTAL_LOOKUP_TIMEOUT_MS = 5_000;

const DELIVERY = 'Delivery';
/** Spec §5: when no single office delivers, prefer a branch office, then a sub office, then the head office. */
const BRANCH_PREFERENCE = ['Branch Post Office', 'Sub Post Office', 'Head Post Office'] as const;

/** Why no office was chosen (spec §5's three errors). */
export class PostalLookupError extends Error {
  override name = 'PostalLookupError';
  constructor(readonly reason: 'data-not-found' | 'no-delivering-office' | 'no-branch-found') {
    super(reason);
  }
}

/**
 * Spec §5's office choice: among the offices that deliver, the only one; with several, the first branch office,
 * else sub office, else head office, of the pincode's own district (an office filed under another district is not
 * the buyer's city). Throws PostalLookupError when the answer has no data or no such office.
 */
export function choosePostOffice(response: PostalLookupResponse): PostOffice {
  const [result] = response;
  if (!result || result.Status === 'Error' || !result.PostOffice?.length) {
    throw new PostalLookupError('data-not-found');
  }
  const district = pincodeDistrict(result.PostOffice);
  const delivering = result.PostOffice.filter(
    (office) => office.DeliveryStatus === DELIVERY && office.District === district,
  );
  if (delivering.length === 0) throw new PostalLookupError('no-delivering-office');
  const [only] = delivering;
  if (delivering.length === 1 && only) return only;
  for (const branchType of BRANCH_PREFERENCE) {
    const office = delivering.find((candidate) => candidate.BranchType === branchType);
    if (office) return office;
  }
  throw new PostalLookupError('no-branch-found');
}

/** GET /pincode/{pincode}: the raw lookup, failing after 5 seconds. */
export function fetchPostalLookup(pincode: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest({
    service: 'postal',
    path: `/pincode/${encodeURIComponent(pincode)}`,
    schema: () => import('@contract/places').then((schemas) => schemas.postalLookupResponseSchema),
    auth: false,
    // An outside service may sit here (VITE_POSTAL_BASE_URL): no custom header, so no CORS preflight.
    tz: false,
    timeoutMs: POSTAL_LOOKUP_TIMEOUT_MS,
    signal,
  });
}

/**
 * The post office a pincode's city and state are filled from, or undefined: every failure (no data, no
 * delivering office, no branch, a network error, a timeout) is swallowed, as spec §5 says.
 */
export async function lookupPostOffice(
  pincode: string,
  options: { signal?: AbortSignal } = {},
): Promise<PostOffice | undefined> {
  try {
    return choosePostOffice(await fetchPostalLookup(pincode, options));
  } catch {
    return undefined;
  }
}

/** The postal lookup as a query: one call per pincode, whoever asks (the checkout's auto-fill and its form's). */
export function postOfficeQuery(pinCode: string) {
  return {
    queryKey: ['postal', 'pincode', pinCode] as const,
    // A lookup that found nothing is an answer (spec §5: silent), kept as null.
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await lookupPostOffice(pinCode, { signal })) ?? null,
    staleTime: 24 * 60 * 60_000,
  };
}

export function fetchPostOffice(client: QueryClient, pinCode: string): Promise<PostOffice | null> {
  return client.fetchQuery(postOfficeQuery(pinCode));
}

/** The city an office's address is in, as the buyer names it ("Mumbai", "Bengaluru", "New Delhi"). */
export const cityOf = (office: PostOffice): string => cityOfOffice(office);

/** The state option a post office's state names (by its name, or by its enum spelling). */
export function stateOptionFor(office: PostOffice, states: readonly StateOption[]): StateOption | undefined {
  const name = office.State.trim().toLowerCase();
  const asEnum = office.State.trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_');
  return states.find((s) => s.state_name.toLowerCase() === name || s.state_name_enum === asEnum);
}
