import { createFileRoute, redirect } from '@tanstack/react-router';
import { GoogleSignInButton } from '@/features/auth/GoogleSignInButton';
import { hasSession, safeRedirect } from '@/features/auth/guards';
import { PhoneSignInScreen } from '@/features/auth/PhoneSignInScreen';
import { pageTitle } from '@/lib/site';
import { validateRedirectSearch } from '../sign-in/-search';

// Sign-in for the request forms: the forms token set (spec §6), then back to the form in `redirect`.
export const Route = createFileRoute('/f/sign-in')({
  validateSearch: validateRedirectSearch,
  beforeLoad: ({ search }) => {
    if (hasSession('forms') && search.redirect) throw redirect({ href: safeRedirect(search.redirect) });
  },
  head: () => ({ meta: [{ title: pageTitle('Sign in') }, { name: 'robots', content: 'noindex' }] }),
  component: FormsSignInRoute,
});

function FormsSignInRoute() {
  const { redirect: wanted } = Route.useSearch();
  const target = safeRedirect(wanted);
  return (
    <PhoneSignInScreen
      tokenSet="forms"
      redirect={target}
      alternatives={<GoogleSignInButton redirect={target} tokenSet="forms" />}
    />
  );
}
