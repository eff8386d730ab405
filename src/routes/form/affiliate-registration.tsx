import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { AffiliateRegistrationForm } from '@/features/associates/AffiliateRegistrationForm';
import { useAuth } from '@/features/auth/AuthProvider';
import { SIGN_IN_PATH } from '@/features/auth/guards';
import { useServerPageAdopted } from '@/lib/serverPage';
import { pageTitle } from '@/lib/site';

const TITLE = 'Become an affiliate';

// Registration is the signed-in person's: the page sends a visitor to sign in and back.
export const Route = createFileRoute('/form/affiliate-registration')({
  head: () => ({ meta: [{ title: pageTitle(TITLE) }] }),
  component: AffiliateRegistrationRoute,
});

function AffiliateRegistrationRoute() {
  const href = Route.useMatch({ select: (match) => match.pathname });
  const auth = useAuth();
  const navigate = useNavigate();
  const adopted = useServerPageAdopted();
  if (!adopted)
    return (
      <section className="form-page form-page--wide">
        <h1 className="form-page__title">{TITLE}</h1>
      </section>
    );
  if (!auth.signedIn || !auth.userId)
    return <Navigate to={SIGN_IN_PATH} search={{ redirect: href }} replace />;
  return (
    <AffiliateRegistrationForm
      userId={auth.userId}
      onRegistered={() => void navigate({ to: '/my-affiliate' })}
    />
  );
}
