import type { Currency } from '@contract/money';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { INVITE_REQUEST_PATH, type InviteProductSearch } from '@/lib/inviteSearch';
import { Button } from '@/ui/Button';
import { Money } from '@/ui/Money';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { maxPins, type PinRate, pinScale, pinsText } from './licencePricing';

export interface PinCharge {
  rate: PinRate;
  /** What the row is called, e.g. "Hardware, one-time". */
  label: string;
}

export interface PinPricingProps {
  /** The region's heading (its accessible name). */
  title: string;
  headingLevel?: 2 | 3;
  /** The section's id, for a link to it (e.g. #ibc-business-pricing-section). */
  id?: string;
  currency: Currency;
  /** Paid once per pin, in the first year. */
  oneTime?: readonly PinCharge[];
  /** Paid every year per pin. */
  yearly?: readonly PinCharge[];
  /** Which invite the get-invite form should preselect. */
  invite: InviteProductSearch;
  /** Puts the charges for the pins in the cart and goes to the checkout, where the invite code is asked for. */
  onBuy: (rates: readonly PinRate[], pins: number) => void;
}

/**
 * Spec §2's licence pricing panel: each charge per pin before GST, and a pins stepper whose first year's total (and
 * the yearly renewal after it) is worked out from those catalogue prices.
 */
export function PinPricing({
  title,
  headingLevel = 2,
  id,
  currency,
  oneTime = [],
  yearly = [],
  invite,
  onBuy,
}: PinPricingProps) {
  const headingId = useId();
  const rates = [...oneTime, ...yearly].map((charge) => charge.rate);
  const most = maxPins(rates);
  const [chosen, setPins] = useState(1);
  const pins = Math.min(chosen, Math.max(most, 1));
  const scale = pinScale(pins, {
    oneTime: oneTime.map((c) => c.rate),
    yearly: yearly.map((c) => c.rate),
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const soldOut = most === 0;

  return (
    <section id={id} className="business-pricing" aria-labelledby={headingId}>
      <Heading id={headingId} className="business-pricing__title">
        {title}
      </Heading>
      <dl className="business-pricing__rates">
        {oneTime.map((charge) => (
          <div key={charge.rate.productCode} className="business-pricing__rate">
            <dt>{charge.label}</dt>
            <dd>
              <Money minor={charge.rate.unitMinor} currency={currency} /> per pin
            </dd>
          </div>
        ))}
        {yearly.map((charge) => (
          <div key={charge.rate.productCode} className="business-pricing__rate">
            <dt>{charge.label}</dt>
            <dd>
              <Money minor={charge.rate.unitMinor} currency={currency} /> per pin per year
            </dd>
          </div>
        ))}
      </dl>
      <p className="business-pricing__note">Prices before GST; the GST is added at checkout.</p>

      <div className="business-pricing__pins">
        <span className="business-pricing__pins-label" id={`${headingId}-pins`}>
          Pins (licensed devices)
        </span>
        <QuantityStepper
          itemName="pin"
          value={pins}
          min={1}
          max={Math.max(most, 1)}
          disabled={soldOut}
          onChange={setPins}
        />
      </div>

      <p className="business-pricing__total" role="status">
        First year for {pinsText(pins)}: <Money minor={scale.firstYearMinor} currency={currency} /> before GST
      </p>
      <dl className="business-pricing__lines">
        {scale.lines.map((line) => (
          <div key={line.rate.productCode} className="business-pricing__line">
            <dt>
              {line.rate.name} × {line.pins}
            </dt>
            <dd>
              <Money minor={line.taxableMinor} currency={currency} />
            </dd>
          </div>
        ))}
        <div className="business-pricing__line">
          <dt>GST</dt>
          <dd>
            <Money minor={scale.firstYearGstMinor} currency={currency} />
          </dd>
        </div>
        <div className="business-pricing__line business-pricing__line--total">
          <dt>First year with GST</dt>
          <dd>
            <Money minor={scale.firstYearWithGstMinor} currency={currency} />
          </dd>
        </div>
      </dl>
      {scale.renewalMinor > 0 && (
        <p className="business-pricing__note">
          Then <Money minor={scale.renewalMinor} currency={currency} /> a year before GST to renew{' '}
          {pinsText(pins)}.
        </p>
      )}
      {soldOut && (
        <p className="business-pricing__note" role="note">
          The business edition hardware is sold out for now: ask for an invite and we will tell you when the
          next batch ships.
        </p>
      )}

      <div className="business-actions">
        <Button size="l" fullWidth disabled={soldOut} onClick={() => onBuy(rates, pins)}>
          Buy {pinsText(pins)} with an invite code
        </Button>
        <Link
          to={INVITE_REQUEST_PATH}
          search={{ product: invite }}
          className="ui-button business-actions__invite"
          data-variant="secondary"
          data-size="l"
        >
          Ask for an invite
        </Link>
      </div>
      <p className="business-pricing__note">
        Licences are sold by invitation: the checkout asks for your invite code.
      </p>
    </section>
  );
}
