import { createFileRoute, Navigate, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { hasPendingSignIn } from '@/features/auth/guards';
import { getPendingSignIn } from '@/features/auth/session';
import { VerifyOtpScreen } from '@/features/auth/VerifyOtpScreen';
import { pageTitle } from '@/lib/site';

// Spec §2 guarded route: it renders only with its navigation key, the sign-in in flight; else /sign-in.
export const Route = createFileRoute('/sign-in/verify')({
  beforeLoad: () => {
    if (!hasPendingSignIn()) throw redirect({ to: '/sign-in', replace: true });
  },
  head: () => ({ meta: [{ title: pageTitle('Enter the code') }, { name: 'robots', content: 'noindex' }] }),
  component: VerifyRoute,
});

function VerifyRoute() {
  const [pending] = useState(getPendingSignIn);
  if (!pending) return <Navigate to="/sign-in" replace />;
  return <VerifyOtpScreen pending={pending} />;
}
