import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/lib/site';
import { OrderResultRoute } from './-order-result';
import { validateResultSearch } from './-result-search';

export const Route = createFileRoute('/success')({
  validateSearch: validateResultSearch,
  head: () => ({
    meta: [{ title: pageTitle('Payment successful') }, { name: 'robots', content: 'noindex' }],
  }),
  component: SuccessRoute,
});

function SuccessRoute() {
  const { order_id: orderId } = Route.useSearch();
  return <OrderResultRoute orderId={orderId} at="success" />;
}
