import { queryOptions } from '@tanstack/react-query';
import { fetchLicences } from '@/api/licences';
import { fetchUserOrders } from '@/api/orders';
import { LICENCES_QUERY_KEY, MY_ORDERS_QUERY_KEY } from './queryKeys';

/** The buyer's order history; persisted to IndexedDB (storage/persister.ts) so it reads offline. */
export const myOrdersQuery = (userId: string) =>
  queryOptions({
    queryKey: [...MY_ORDERS_QUERY_KEY, userId] as const,
    queryFn: ({ signal }) => fetchUserOrders({ signal }),
    // An order's status moves while the buyer waits for a payment: ask again whenever the page opens.
    staleTime: 0,
  });

/** The buyer's business licences and their devices, asked for only when a paid order holds a licence. */
export const licencesQuery = (userId: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...LICENCES_QUERY_KEY, userId] as const,
    queryFn: ({ signal }) => fetchLicences({ signal }),
    enabled,
    // The saved copy may predate a device registered just before a reload: ask again whenever the page opens.
    staleTime: 0,
  });
