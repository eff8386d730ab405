import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { VERIFY_GUARD } from '@/features/auth/guards';
import { VerifyOtpScreen } from '@/features/auth/VerifyOtpScreen';
import { guardRoute } from '@/lib/guard';
import { pageTitle } from '@/lib/site';
import { getPendingSignIn } from '@/state/session';

// Spec §2 guarded route: it renders only with the navigation key the sign-in gave it; else /sign-in.
export const Route = createFileRoute('/sign-in/verify')({
  beforeLoad: guardRoute(VERIFY_GUARD, '/sign-in'),
  head: () => ({ meta: [{ title: pageTitle('Enter the code') }, { name: 'robots', content: 'noindex' }] }),
  component: VerifyRoute,
});

function VerifyRoute() {
  const [pending] = useState(getPendingSignIn);
  if (!pending) return <Navigate to="/sign-in" replace />;
  return <VerifyOtpScreen pending={pending} />;
}
