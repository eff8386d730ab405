import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { GIVEAWAY_CONTEST_FORM } from '@/features/forms/definitions';
import { RequestFormPage } from '@/features/forms/RequestFormPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/form/giveaway-contest')({
  head: () => ({ meta: [{ title: pageTitle('Giveaway contest') }] }),
  component: function GiveawayContestRoute() {
    const auth = useAuth();
    return <RequestFormPage definition={GIVEAWAY_CONTEST_FORM} userId={auth.signedIn ? auth.userId : null} />;
  },
});
