import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { EXPERIENCE_ZONE_FORM } from '@/features/forms/definitions';
import { RequestFormPage } from '@/features/forms/RequestFormPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/form/experience-zone-interest-form')({
  head: () => ({ meta: [{ title: pageTitle('Host an experience zone') }] }),
  component: function ExperienceZoneRoute() {
    const auth = useAuth();
    return <RequestFormPage definition={EXPERIENCE_ZONE_FORM} userId={auth.signedIn ? auth.userId : null} />;
  },
});
