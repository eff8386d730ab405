import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@/lib/site';
import { OrderResultRoute } from '../../-order-result';

export const Route = createFileRoute('/order/$id/success')({
  head: () => ({ meta: [{ title: pageTitle('Your order') }, { name: 'robots', content: 'noindex' }] }),
  component: OrderSuccessRoute,
});

function OrderSuccessRoute() {
  const { id } = Route.useParams();
  return <OrderResultRoute orderId={id} at="order" />;
}
