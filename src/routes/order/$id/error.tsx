import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { OrderStatusError, resultHref } from '@/features/checkout/result/OrderResult';
import { pageTitle } from '@/lib/site';

/** Spec §2: where a result page goes when the order-status call itself fails; Retry asks again there. */
export const Route = createFileRoute('/order/$id/error')({
  head: () => ({ meta: [{ title: pageTitle('Your order') }, { name: 'robots', content: 'noindex' }] }),
  component: OrderErrorRoute,
});

function OrderErrorRoute() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const search = useRouterState({ select: (s) => s.location.searchStr });
  return (
    <OrderStatusError
      onRetry={() => void navigate({ href: resultHref('success', 'order', id, search), replace: true })}
    />
  );
}
