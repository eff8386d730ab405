import { createFileRoute, Navigate } from '@tanstack/react-router';
import { MyAffiliatePage } from '@/features/associates/MyAffiliatePage';
import { MY_AFFILIATE_TITLE } from '@/features/associates/title';
import { useAuth } from '@/features/auth/AuthProvider';
import { SIGN_IN_PATH } from '@/features/auth/guards';
import { useServerPageAdopted } from '@/lib/serverPage';
import { pageTitle } from '@/lib/site';

// The session lives in the browser's cookies: the server renders the heading, the page sends a visitor to sign in.
export const Route = createFileRoute('/my-affiliate')({
  head: () => ({ meta: [{ title: pageTitle(MY_AFFILIATE_TITLE) }, { name: 'robots', content: 'noindex' }] }),
  component: MyAffiliateRoute,
});

function MyAffiliateRoute() {
  const href = Route.useMatch({ select: (match) => match.pathname });
  const auth = useAuth();
  const adopted = useServerPageAdopted();
  if (!adopted)
    return (
      <section className="affiliate-page">
        <h1 className="affiliate-page__title">{MY_AFFILIATE_TITLE}</h1>
      </section>
    );
  if (!auth.signedIn || !auth.userId)
    return <Navigate to={SIGN_IN_PATH} search={{ redirect: href }} replace />;
  return <MyAffiliatePage userId={auth.userId} />;
}
