import { formatMoney } from '@contract/money';
import { Money } from '@/ui/Money';
import { type FestivalWindow, LICENCE_PRICING } from './summaryView';
import './summary.css';

/*
 * Spec §2 Checkout page's optional strips and the licence pricing panel; the summary decides which show
 * (summaryExtras) and where.
 */

export function HeadsetNotice() {
  return (
    <p className="summary-strip summary-strip--info">
      Your VR headset arrives set up for the IBC cricket game, with two controllers and a charging cable:
      charge it fully before your first game.
    </p>
  );
}

export function FestivalStrip({ festival }: { festival: FestivalWindow }) {
  return (
    <p className="summary-strip summary-strip--warning">
      {festival.name} season: deliveries may take up to {festival.extraDays} extra days.
    </p>
  );
}

export function NoCostEmiNote({ monthly }: { monthly: number }) {
  return (
    <p className="summary-strip summary-strip--offer">
      No-cost EMI available: from <Money minor={monthly} currency="INR" /> a month, with no interest or extra
      charges.
    </p>
  );
}

export function EmiTenureNote({ monthly, months }: { monthly: number; months: number | null }) {
  return (
    <p className="summary-note">
      {months === null
        ? 'Pay in monthly instalments at no extra cost.'
        : `Pay in ${months} monthly instalments of ${formatMoney(monthly, 'INR')} at no extra cost.`}
    </p>
  );
}

/** Spec §2 and §9: the business licence's hardware and licence fee, per pin, in INR. */
export function LicencePricingPanel() {
  return (
    <section className="summary-licence" aria-labelledby="summary-licence-heading">
      <h3 id="summary-licence-heading" className="summary-licence__heading">
        Licence pricing per pin (INR)
      </h3>
      <dl className="summary-rows">
        <div className="summary-row">
          <dt>Hardware, one time</dt>
          <dd>
            <Money minor={LICENCE_PRICING.hardwareOneTime} currency="INR" />
          </dd>
        </div>
        <div className="summary-row">
          <dt>Licence fee, every year</dt>
          <dd>
            <Money minor={LICENCE_PRICING.annualLicenceFee} currency="INR" />
          </dd>
        </div>
      </dl>
      <p className="summary-note">Both scale with the number of pins at your venue.</p>
    </section>
  );
}
