import { createFileRoute } from '@tanstack/react-router';
import { SocialCallbackScreen } from '@/features/auth/SocialCallbackScreen';
import { pageTitle } from '@/lib/site';

interface CallbackSearch {
  code?: string;
  state?: string;
  error?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Where the OpenID provider sends the buyer back (OIDC_REDIRECT_URI): ?code&state, or ?error. */
export const Route = createFileRoute('/sign-in/google/callback')({
  validateSearch: (search: Record<string, unknown>): CallbackSearch => {
    const out: CallbackSearch = {};
    const code = text(search.code);
    const state = text(search.state);
    const error = text(search.error);
    if (code) out.code = code;
    if (state) out.state = state;
    if (error) out.error = error;
    return out;
  },
  head: () => ({ meta: [{ title: pageTitle('Signing in') }, { name: 'robots', content: 'noindex' }] }),
  component: CallbackRoute,
});

function CallbackRoute() {
  const { code, state, error } = Route.useSearch();
  return <SocialCallbackScreen code={code} state={state} error={error} />;
}
