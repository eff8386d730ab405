import { createFileRoute, Navigate, redirect, useNavigate } from '@tanstack/react-router';
import { AffiliateRegistrationForm } from '@/features/associates/AffiliateRegistrationForm';
import { useAuth } from '@/features/auth/AuthProvider';
import { hasSession, SIGN_IN_PATH } from '@/features/auth/guards';
import { useServerPageAdopted } from '@/lib/serverPage';
import { pageTitle } from '@/lib/site';

const TITLE = 'Become an affiliate';

export const Route = createFileRoute('/form/affiliate-registration')({
  // Registration is the signed-in person's: sign in first, then come back here.
  beforeLoad: ({ location }) => {
    if (typeof document !== 'undefined' && !hasSession('main'))
      throw redirect({ to: SIGN_IN_PATH, search: { redirect: location.href }, replace: true });
  },
  head: () => ({
    meta: [
      { title: pageTitle(TITLE) },
      {
        name: 'description',
        content:
          'Register as an IBC Cricket affiliate: get a referral code that gives buyers a discount and earns you a payout on every order.',
      },
    ],
  }),
  component: AffiliateRegistrationRoute,
});

function AffiliateRegistrationRoute() {
  const href = Route.useMatch({ select: (match) => match.pathname });
  const auth = useAuth();
  const navigate = useNavigate();
  const adopted = useServerPageAdopted();
  if (!adopted)
    return (
      <section className="affiliate-form">
        <h1 className="affiliate-form__title">{TITLE}</h1>
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
