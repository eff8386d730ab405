import { queryOptions } from '@tanstack/react-query';
import { fetchUserOrders } from '@/api/orders';
import { MY_ORDERS_QUERY_KEY } from './queryKeys';

/** The buyer's order history; persisted to IndexedDB (storage/persister.ts) so it reads offline. */
export const myOrdersQuery = (userId: string) =>
  queryOptions({
    queryKey: [...MY_ORDERS_QUERY_KEY, userId] as const,
    queryFn: ({ signal }) => fetchUserOrders({ signal }),
    // An order's status moves while the buyer waits for a payment: ask again whenever the page opens.
    staleTime: 0,
  });
