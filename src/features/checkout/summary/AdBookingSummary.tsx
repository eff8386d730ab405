import type { Currency } from '@contract/money';
import { Money } from '@/ui/Money';
import type { AdBookingFigures } from './summaryView';
import './summary.css';

export interface AdBookingSummaryProps extends AdBookingFigures {
  currency: Currency;
}

/** Spec §2 ad-booking price summary: days, devices, the cost of a device for a day, the discounts and the total. */
export function AdBookingSummary({
  days,
  devices,
  costPerDevicePerDay,
  couponDiscount,
  associationDiscount,
  otherDiscounts,
  total,
  currency,
}: AdBookingSummaryProps) {
  const discounts = [
    { key: 'coupon', label: 'Coupon discount', amount: couponDiscount },
    { key: 'association', label: 'Association discount', amount: associationDiscount },
    ...otherDiscounts.map((d, i) => ({ key: `other-${i}`, label: d.name, amount: d.value })),
  ].filter((d) => d.amount > 0);
  return (
    <section aria-label="Ad booking price">
      <dl className="summary-rows">
        <div className="summary-row">
          <dt>Total days selected</dt>
          <dd>{days}</dd>
        </div>
        <div className="summary-row">
          <dt>Number of devices</dt>
          <dd>{devices}</dd>
        </div>
        <div className="summary-row">
          <dt>Cost per device per day</dt>
          <dd>
            <Money minor={costPerDevicePerDay} currency={currency} />
          </dd>
        </div>
        {discounts.map((d) => (
          <div key={d.key} className="summary-row summary-row--discount">
            <dt>{d.label}</dt>
            <dd>
              −<Money minor={d.amount} currency={currency} />
            </dd>
          </div>
        ))}
        <div className="summary-row summary-row--total">
          <dt>Total</dt>
          <dd>
            <Money minor={total} currency={currency} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
