import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/lib/site';
import { OrderResultRoute } from './-order-result';
import { validateResultSearch } from './-result-search';

export const Route = createFileRoute('/failure')({
  validateSearch: validateResultSearch,
  head: () => ({ meta: [{ title: pageTitle('Payment failed') }, { name: 'robots', content: 'noindex' }] }),
  component: FailureRoute,
});

function FailureRoute() {
  const { order_id: orderId } = Route.useSearch();
  return <OrderResultRoute orderId={orderId} at="failure" />;
}
