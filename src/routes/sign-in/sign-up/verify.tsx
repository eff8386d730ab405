import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Navigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { PROFILE_QUERY_KEY } from '@/api/userKeys';
import { useAuth } from '@/features/auth/AuthProvider';
import { hasSession, SIGN_UP_GUARD } from '@/features/auth/guards';
import { VerifyOtpScreen } from '@/features/auth/VerifyOtpScreen';
import { SignUpDetailsScreen } from '@/features/profile/SignUpDetailsScreen';
import { guardRoute } from '@/lib/guard';
import { pageTitle } from '@/lib/site';
import { getPendingSignIn, getPendingSignUp } from '@/state/session';
import '@/features/auth/auth.css';

// Spec §2 guarded route, "verify the code for sign-up": a new buyer's code, then their details.
export const Route = createFileRoute('/sign-in/sign-up/verify')({
  beforeLoad: guardRoute(SIGN_UP_GUARD, '/sign-in'),
  head: () => ({ meta: [{ title: pageTitle('Sign up') }, { name: 'robots', content: 'noindex' }] }),
  component: SignUpRoute,
});

function SignUpRoute() {
  // The code step hands over to the details step with a new history entry: read the step again then.
  const navigationKey = useRouterState({ select: (s) => s.location.state.navigationKey });
  return <SignUpStep key={navigationKey} />;
}

function SignUpStep() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  const [signUp] = useState(() => (hasSession('main') ? getPendingSignUp() : null));
  const [pending] = useState(getPendingSignIn);
  if (signUp) {
    return (
      <SignUpDetailsScreen
        redirect={signUp.redirect}
        track={auth.track}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY })}
      />
    );
  }
  if (pending) return <VerifyOtpScreen pending={pending} purpose="sign-up" />;
  return <Navigate to="/sign-in" replace />;
}
