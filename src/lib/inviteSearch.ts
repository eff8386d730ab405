import { PACKAGE_CODES } from '@contract/constants';
import type { InviteProduct } from '@contract/forms';

/*
 * The search of /form/get-invite, zod-free: the route's search check runs in the first-load route tree, which
 * must not pull the form's schemas in.
 */

/** The invite request route of spec §2 (the get-invite form). */
export const INVITE_REQUEST_PATH = '/form/get-invite';

/** ?product= on /form/get-invite (the checkout's invite link may add it), and the product it preselects. */
export const INVITE_PRODUCT_SEARCH = {
  licence: PACKAGE_CODES.businessLicence,
  'business-kit': PACKAGE_CODES.businessKit,
} as const satisfies Record<string, InviteProduct>;
export type InviteProductSearch = keyof typeof INVITE_PRODUCT_SEARCH;

export interface GetInviteSearch {
  product?: InviteProductSearch;
}

/** The route's search: a product it knows, or none (an unknown one is dropped, not an error page). */
export function parseGetInviteSearch(search: Record<string, unknown>): GetInviteSearch {
  const { product } = search;
  return typeof product === 'string' && Object.hasOwn(INVITE_PRODUCT_SEARCH, product)
    ? { product: product as InviteProductSearch }
    : {};
}
