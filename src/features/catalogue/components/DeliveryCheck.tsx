import { PINCODE_PATTERN } from '@contract/patterns';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { pincodeAvailabilityQuery } from '@/api/places';
import { deliveryPincodeStore, readDeliveryPincode, setDeliveryPincode } from '@/state/deliveryPincode';
import { Button } from '@/ui/Button';
import { TextInput } from '@/ui/TextInput';
import './DeliveryCheck.css';

/*
 * "Check delivery" on a product page (spec §9's availability check by pin code): whether the shop delivers to a
 * pincode and roughly when. The pincode checked is kept, so the checkout starts from it.
 */

const INVALID_PINCODE = 'enter a valid pincode';

export function DeliveryCheck() {
  const headingId = useId();
  const kept = useSnapshot(deliveryPincodeStore).pincode;
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => void readDeliveryPincode(), []);
  // The pincode last checked (this visit or an earlier one) is the one answered.
  const checked = kept;
  const answer = useQuery({ ...pincodeAvailabilityQuery(checked ?? ''), enabled: checked !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pincode = (typed ?? kept ?? '').trim();
    if (!PINCODE_PATTERN.test(pincode)) return setError(INVALID_PINCODE);
    setError(null);
    void setDeliveryPincode(pincode);
  };

  let result: string | null = null;
  if (checked && answer.isPending) result = `Checking delivery to ${checked}…`;
  else if (checked && answer.isError) result = `We could not check ${checked} just now. Please try again.`;
  else if (answer.data) result = answer.data.message;

  return (
    <section className="delivery-check" aria-labelledby={headingId}>
      <h2 id={headingId} className="delivery-check__title">
        Check delivery
      </h2>
      <form className="delivery-check__form" noValidate onSubmit={submit}>
        <TextInput
          label="Delivery pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={typed ?? kept ?? ''}
          error={error}
          touched={error !== null}
          onChange={(event) => {
            setTyped(event.target.value.replace(/\D/g, ''));
            setError(null);
          }}
          endAdornment={
            <Button
              type="submit"
              variant="secondary"
              size="s"
              loading={checked !== null && answer.isFetching}
            >
              Check
            </Button>
          }
        />
      </form>
      <p
        className="delivery-check__result"
        role="status"
        data-available={answer.data ? String(answer.data.is_available) : undefined}
      >
        {result}
      </p>
    </section>
  );
}
