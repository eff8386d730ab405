// Evaluates the cart, the country and the HTTP client in a task of their own, which also starts their chunks' requests.
export { apiRequest } from '@/api/client';
export { cartStore } from '@/state/cart';
