import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import type { ClientProfile } from '@/api/account';
import { clearPendingSignUp } from '@/state/session';
import { DetailsForm } from './DetailsForm';
import './profile.css';

export interface SignUpDetailsScreenProps {
  /** Where the buyer started; they return there once the details are saved. */
  redirect: string;
  /** The auth feature's analytics (signup_completed), passed in by the route. */
  track: (event: 'signup_completed', properties: { has_email: boolean }) => void;
  /** The details are saved (the profile query is already refreshed). */
  onSaved?: (profile: ClientProfile) => void;
}

/** The sign-up's details step, after its code (/sign-in/sign-up/verify). */
export function SignUpDetailsScreen({ redirect, track, onSaved }: SignUpDetailsScreenProps) {
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <section className="auth-screen" aria-labelledby={headingId}>
      <h1 id={headingId} className="auth-screen__title">
        Tell us about you
      </h1>
      <p className="auth-screen__lead">Your number is verified. Add your name to finish signing up.</p>
      <DetailsForm
        onSaved={async (profile, { hasEmail }) => {
          track('signup_completed', { has_email: hasEmail });
          clearPendingSignUp();
          onSaved?.(profile);
          await navigate({ href: redirect, replace: true });
        }}
      />
    </section>
  );
}
