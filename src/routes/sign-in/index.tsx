import { createFileRoute, redirect } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { GoogleSignInButton } from '@/features/auth/GoogleSignInButton';
import { hasSession, safeRedirect } from '@/features/auth/guards';
import { PhoneSignInScreen } from '@/features/auth/PhoneSignInScreen';
import { pageTitle } from '@/lib/site';
import { AccountView } from './-account';
import { validateRedirectSearch } from './-search';

export const Route = createFileRoute('/sign-in/')({
  validateSearch: validateRedirectSearch,
  // A signed-in buyer sent here to sign in goes straight on to where they were going.
  beforeLoad: ({ search }) => {
    if (hasSession('main') && search.redirect) throw redirect({ href: safeRedirect(search.redirect) });
  },
  head: () => ({ meta: [{ title: pageTitle('Sign in') }, { name: 'robots', content: 'noindex' }] }),
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect: wanted } = Route.useSearch();
  const auth = useAuth();
  if (auth.signedIn) return <AccountView />;
  const target = safeRedirect(wanted);
  return (
    <PhoneSignInScreen
      tokenSet="main"
      redirect={target}
      alternatives={<GoogleSignInButton redirect={target} tokenSet="main" />}
    />
  );
}
