import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { ENTERPRISE_CONTACT_FORM } from '@/features/forms/definitions';
import { RequestFormPage } from '@/features/forms/RequestFormPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/business-licence/enterprise/contact-us')({
  head: () => ({ meta: [{ title: pageTitle('Business licence for enterprises') }] }),
  component: function EnterpriseContactRoute() {
    const auth = useAuth();
    return (
      <RequestFormPage definition={ENTERPRISE_CONTACT_FORM} userId={auth.signedIn ? auth.userId : null} />
    );
  },
});
