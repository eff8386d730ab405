import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { CLUB_EDITION_FORM } from '@/features/forms/definitions';
import { RequestFormPage } from '@/features/forms/RequestFormPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/club-edition/apply')({
  head: () => ({ meta: [{ title: pageTitle('Apply for the club edition') }] }),
  component: function ClubEditionApplyRoute() {
    const auth = useAuth();
    return <RequestFormPage definition={CLUB_EDITION_FORM} userId={auth.signedIn ? auth.userId : null} />;
  },
});
