import { useId } from 'react';
import { countryName } from '@/lib/countries';
import { featureFlags } from '@/lib/featureFlags';
import { setCountry, useCountry } from '@/state/country';
import './country.css';

/** Countries a USD buyer can have the order delivered to. */
export const INTERNATIONAL_COUNTRIES = ['US', 'GB', 'CA', 'AU'] as const;

/**
 * "Choose Currency" (spec §4, §9): INR for India, USD for everywhere else with a "Deliver to" country.
 * Shown only where international payments are supported. Native radios and select keep it accessible.
 */
export function CurrencySwitch({ enabled = featureFlags.internationalPayments }: { enabled?: boolean }) {
  const { countryCode, currency } = useCountry();
  const id = useId();
  if (!enabled) return null;
  const deliverTo = countryCode === 'IN' ? 'US' : countryCode;
  return (
    <fieldset className="currency-switch">
      <legend className="currency-switch__legend">Choose Currency</legend>
      <div className="currency-switch__options">
        {(['INR', 'USD'] as const).map((option) => (
          <label key={option} className="currency-switch__option">
            <input
              type="radio"
              name={`${id}-currency`}
              value={option}
              checked={currency === option}
              onChange={() => void setCountry(option === 'INR' ? 'IN' : deliverTo)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
      {currency === 'USD' && (
        <label className="currency-switch__country" htmlFor={`${id}-country`}>
          <span>Deliver to</span>
          <select
            id={`${id}-country`}
            value={deliverTo}
            onChange={(event) => void setCountry(event.target.value)}
          >
            {INTERNATIONAL_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
