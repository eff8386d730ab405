import { createFileRoute, Navigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { lazyIdentify } from '@/features/analytics/lazyTrack';
import { useAuth } from '@/features/auth/AuthProvider';
import { hasSession, SIGN_UP_GUARD } from '@/features/auth/guards';
import { VerifyOtpScreen } from '@/features/auth/VerifyOtpScreen';
import { SignUpDetailsScreen } from '@/features/profile/SignUpDetailsScreen';
import { forgetNavigation, guardRoute } from '@/lib/guard';
import { pageTitle } from '@/lib/site';
import { getPendingSignIn, getPendingSignUp, type PendingSignIn } from '@/state/session';
import '@/features/auth/auth.css';

// Spec §2 guarded route, "verify the code for sign-up": a new buyer's code, then their details.
export const Route = createFileRoute('/sign-in/sign-up/verify')({
  beforeLoad: guardRoute(SIGN_UP_GUARD, '/sign-in'),
  head: () => ({ meta: [{ title: pageTitle('Sign up') }, { name: 'robots', content: 'noindex' }] }),
  component: SignUpRoute,
});

type SignUpStep =
  | { kind: 'details'; redirect: string }
  | { kind: 'code'; pending: PendingSignIn }
  | { kind: 'none' };

function readStep(): SignUpStep {
  const signUp = hasSession('main') ? getPendingSignUp() : null;
  if (signUp) return { kind: 'details', redirect: signUp.redirect };
  const pending = getPendingSignIn();
  return pending ? { kind: 'code', pending } : { kind: 'none' };
}

function SignUpRoute() {
  const auth = useAuth();
  // The code step hands over to the details step with a new navigation key: read the step again then (and not
  // as the buyer leaves for their redirect, whose entry has no key).
  const navigationKey = useRouterState({ select: (s) => s.location.state.navigationKey });
  const [seenKey, setSeenKey] = useState(navigationKey);
  const [step, setStep] = useState(readStep);
  if (navigationKey !== undefined && navigationKey !== seenKey) {
    setSeenKey(navigationKey);
    setStep(readStep());
  }
  if (step.kind === 'details') {
    return (
      <SignUpDetailsScreen
        redirect={step.redirect}
        track={auth.track}
        onSaved={(profile) => {
          forgetNavigation(SIGN_UP_GUARD);
          // The marketing users/push again, now with the name (and e-mail) the sign-up gave.
          if (auth.userId)
            lazyIdentify({
              userId: auth.userId,
              phoneNumber: profile.phoneNumberWithCountryCode,
              email: profile.email || null,
              name: profile.name || null,
            });
        }}
      />
    );
  }
  if (step.kind === 'code') return <VerifyOtpScreen pending={step.pending} purpose="sign-up" />;
  return <Navigate to="/sign-in" replace />;
}
