import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { hasSession, SIGN_IN_PATH } from '@/features/auth/guards';
import { MyOrdersPage } from '@/features/orders/MyOrdersPage';
import { MY_ORDERS_TITLE } from '@/features/orders/title';
import { featureFlags } from '@/lib/featureFlags';
import { useServerPageAdopted } from '@/lib/serverPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/my-orders')({
  // The session lives in the browser's cookies: the server renders the heading, the browser decides.
  beforeLoad: ({ location }) => {
    if (typeof document !== 'undefined' && !hasSession('main'))
      throw redirect({ to: SIGN_IN_PATH, search: { redirect: location.href }, replace: true });
  },
  head: () => ({ meta: [{ title: pageTitle(MY_ORDERS_TITLE) }, { name: 'robots', content: 'noindex' }] }),
  component: MyOrdersRoute,
});

function MyOrdersRoute() {
  const href = Route.useMatch({ select: (match) => match.pathname });
  const auth = useAuth();
  const adopted = useServerPageAdopted();
  if (!adopted)
    return (
      <section className="my-orders">
        <h1 className="my-orders__title">{MY_ORDERS_TITLE}</h1>
      </section>
    );
  if (!auth.signedIn || !auth.userId)
    return <Navigate to={SIGN_IN_PATH} search={{ redirect: href }} replace />;
  return <MyOrdersPage userId={auth.userId} internationalUsers={featureFlags.internationalUsers} />;
}
