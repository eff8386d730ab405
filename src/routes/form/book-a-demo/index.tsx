import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { BOOK_A_DEMO_FORM } from '@/features/forms/definitions';
import { RequestFormPage } from '@/features/forms/RequestFormPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/form/book-a-demo/')({
  head: () => ({ meta: [{ title: pageTitle('Book a demo') }] }),
  component: BookADemoRoute,
});

function BookADemoRoute() {
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <RequestFormPage
      definition={BOOK_A_DEMO_FORM}
      userId={auth.signedIn ? auth.userId : null}
      onSubmitted={(submission) =>
        void navigate({
          to: '/form/book-a-demo/success',
          search: {
            date: submission.form_submission_data.preferred_date,
            slot: submission.form_submission_data.preferred_time_slot,
          },
        })
      }
    />
  );
}
