import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { REQUEST_A_CALL_FORM } from '@/features/forms/definitions';
import { RequestFormPage } from '@/features/forms/RequestFormPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/form/request-a-call')({
  head: () => ({ meta: [{ title: pageTitle('Request a call') }] }),
  component: function RequestACallRoute() {
    const auth = useAuth();
    return <RequestFormPage definition={REQUEST_A_CALL_FORM} userId={auth.signedIn ? auth.userId : null} />;
  },
});
