import { useId } from 'react';
import type { ClientProfile } from '@/api/account';
import { ErrorView } from '@/ui/ErrorView';
import { Skeleton } from '@/ui/Skeleton';
import { DetailsForm } from './DetailsForm';
import { phoneForDisplay } from './model';
import { useProfile } from './useProfile';
import './profile.css';

export const PROFILE_LOAD_FAILED = 'We could not load your profile';

function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** Spec §2 "Profile card": the name, the phone number with its country code, and the e-mail when given. */
export function ProfileCard({ profile }: { profile: ClientProfile }) {
  return (
    <section className="profile-card" aria-label="Your profile" data-testid="profile-card">
      <span className="profile-card__avatar" aria-hidden="true">
        {initials(profile.name)}
      </span>
      <div className="profile-card__text">
        <p className="profile-card__name">{profile.name || 'Name not added yet'}</p>
        <p className="profile-card__phone">{phoneForDisplay(profile)}</p>
        {profile.email && <p className="profile-card__email">{profile.email}</p>}
      </div>
    </section>
  );
}

/** The same box, sizes and rhythm as the card, so the swap causes no layout shift. */
export function ProfileCardSkeleton() {
  return (
    <section className="profile-card" aria-busy="true" aria-label="Loading your profile">
      <Skeleton variant="circle" width={48} />
      <div className="profile-card__text">
        <Skeleton variant="block" width="60%" height="1.5rem" />
        <Skeleton variant="block" width="45%" height="1.25rem" />
      </div>
    </section>
  );
}

/** The signed-in buyer's card: loading skeleton, the card, or the failure view with retry (spec §8). */
export function ProfileCardContainer({ userId }: { userId: string | null }) {
  const profile = useProfile(userId);
  if (profile.data) {
    if (profile.data.name) return <ProfileCard profile={profile.data} />;
    return <FinishDetails profile={profile.data} />;
  }
  if (profile.isError) {
    return (
      <ErrorView
        title={PROFILE_LOAD_FAILED}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
        headingLevel={3}
      />
    );
  }
  return <ProfileCardSkeleton />;
}

/** A buyer who left sign-up before giving their name finishes it here (the sign-up's own details form). */
function FinishDetails({ profile }: { profile: ClientProfile }) {
  const headingId = useId();
  return (
    <>
      <ProfileCard profile={profile} />
      <section className="profile-finish" aria-labelledby={headingId}>
        <h3 id={headingId} className="profile-finish__title">
          Finish signing up
        </h3>
        <DetailsForm initial={{ name: '', email: profile.email }} submitLabel="Save details" />
      </section>
    </>
  );
}
