/*
 * Importing this module evaluates the buyer's state on the device (the cart and the country) and the HTTP client in a
 * task of their own, before the app: the requests for their chunks start in that task too, not all in the app's.
 */

export { apiRequest } from '@/api/client';
export { cartStore } from '@/state/cart';
