import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { requestDemoNotifyMe } from '@/api/catalogueChecks';
import type { NotifyMeContact } from '@/api/commerce';
import { useCountry } from '@/state/country';
import { DEMO_PATHS } from './paths';
import './demo.css';

const NotifyMeForm = lazy(() =>
  import('../components/NotifyMeForm').then((m) => ({ default: m.NotifyMeForm })),
);

/** /book-a-demo-notify-me: an e-mail id or a mobile number to be told when demos open, kept by the server once. */
export function DemoNotifyMePage({ send = requestDemoNotifyMe }: { send?: typeof requestDemoNotifyMe }) {
  const { countryCode } = useCountry();
  const [told, setTold] = useState<NotifyMeContact | null>(null);
  const request = useMutation({
    mutationKey: ['demo', 'notifyMe'],
    mutationFn: (contact: NotifyMeContact) => send(contact, countryCode),
    onSuccess: (_result, contact) => setTold(contact),
  });
  const status = request.isPending ? 'notifyMePending' : request.isError ? 'notifyMeFailure' : 'notifyMe';
  return (
    <article className="demo-page" aria-labelledby="demo-notify-title">
      <h1 id="demo-notify-title">Be told when demos open</h1>
      <p>
        Leave an e-mail id or a mobile number and we will tell you as soon as there are demo times near you.
        We use it for nothing else.
      </p>
      <div role="status">
        {told && (
          <p className="demo-page__verdict">
            Thank you. We will write to {'email' in told ? told.email : told.phone_number} when demos open.
          </p>
        )}
      </div>
      {!told && (
        <Suspense fallback={<p>Loading the form…</p>}>
          <NotifyMeForm
            title="Tell me when demos open"
            countryCode={countryCode}
            status={status}
            error={request.error}
            onSubmit={(contact) => request.mutate(contact)}
          />
        </Suspense>
      )}
      <p className="demo-page__aside">
        Or <a href={DEMO_PATHS.availability}>check whether we can come to your pincode</a>.
      </p>
    </article>
  );
}
