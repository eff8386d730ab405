import { PINCODE_PATTERN } from '@contract/patterns';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { pincodeAvailabilityQuery } from '@/api/places';
import { Button } from '@/ui/Button';
import { TextInput } from '@/ui/TextInput';
import { DEMO_PATHS } from './paths';
import './demo.css';

const INVALID_PINCODE = 'Enter a valid 6-digit pincode';

/**
 * /book-a-demo-availability-check: whether a demo is possible at a pincode. A demo goes where the shop delivers, so
 * it asks the same check as a product page's "Check delivery" (/check_availability_for_pincode/v1/).
 */
export function DemoAvailabilityPage() {
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = useQuery({ ...pincodeAvailabilityQuery(checked ?? ''), enabled: checked !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pincode = typed.trim();
    if (!PINCODE_PATTERN.test(pincode)) return setError(INVALID_PINCODE);
    setError(null);
    setChecked(pincode);
  };

  const place = [answer.data?.city ?? answer.data?.district, answer.data?.state].filter(Boolean).join(', ');
  return (
    <article className="demo-page" aria-labelledby="demo-availability-title">
      <h1 id="demo-availability-title">Can we bring a demo to you?</h1>
      <p>Enter the pincode of the place where you would like the demo.</p>
      <form className="demo-page__form" noValidate onSubmit={submit}>
        <TextInput
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={typed}
          error={error}
          touched={error !== null}
          onChange={(event) => {
            setTyped(event.target.value.replace(/\D/g, ''));
            setError(null);
          }}
        />
        <Button type="submit" fullWidth loading={checked !== null && answer.isFetching}>
          Check
        </Button>
      </form>
      <div className="demo-page__result" role="status">
        {checked && answer.isPending && <p>Checking {checked}…</p>}
        {checked && answer.isError && (
          <p>We could not check {checked} just now. Check your connection and try again.</p>
        )}
        {answer.data?.is_available === true && (
          <>
            <p className="demo-page__verdict">
              Yes, a demo is possible at {answer.data.pincode}
              {place ? ` (${place})` : ''}.
            </p>
            <a className="ui-button" data-variant="primary" data-size="m" href={DEMO_PATHS.form}>
              <span className="ui-button__content">Book a demo</span>
            </a>
          </>
        )}
        {answer.data?.is_available === false && (
          <>
            <p className="demo-page__verdict">Not yet at {answer.data.pincode}.</p>
            <p>{answer.data.message}</p>
            <a href={DEMO_PATHS.notifyMe}>Ask us to tell you when demos reach you</a>
          </>
        )}
      </div>
    </article>
  );
}
