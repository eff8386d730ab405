import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { hasPendingSignUp, hasSession } from '@/features/auth/guards';
import { SignUpDetailsScreen } from '@/features/auth/SignUpDetailsScreen';
import { getPendingSignUp } from '@/features/auth/session';
import { PROFILE_QUERY_KEY } from '@/features/profile/keys';
import { pageTitle } from '@/lib/site';

// Spec §2 guarded route: only right after a new buyer's code was verified (signed in, sign-up pending).
export const Route = createFileRoute('/sign-in/sign-up/verify')({
  beforeLoad: () => {
    if (!hasSession('main')) throw redirect({ to: '/sign-in', replace: true });
    if (!hasPendingSignUp()) throw redirect({ to: '/', replace: true });
  },
  head: () => ({ meta: [{ title: pageTitle('Sign up') }, { name: 'robots', content: 'noindex' }] }),
  component: SignUpRoute,
});

function SignUpRoute() {
  const queryClient = useQueryClient();
  const [pending] = useState(getPendingSignUp);
  if (!pending) return <Navigate to="/" replace />;
  return (
    <SignUpDetailsScreen
      redirect={pending.redirect}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY })}
    />
  );
}
