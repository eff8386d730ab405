import { type Currency, formatMoney, toMajor } from '@contract/money';
import './Money.css';
import './visually-hidden.css';

export interface MoneyProps {
  /** Integer minor units (paise, cents). */
  minor: number;
  currency: Currency;
  /** The crossed-out original price; screen readers hear strikeLabel before it. */
  strike?: boolean;
  strikeLabel?: string;
  className?: string;
}

/** A formatted amount in a <data> element whose value is the machine-readable major amount. */
export function Money({
  minor,
  currency,
  strike = false,
  strikeLabel = 'Original price',
  className,
}: MoneyProps) {
  const amount = (
    <data
      value={String(toMajor(minor, currency))}
      className={['ui-money', !strike && className].filter(Boolean).join(' ')}
    >
      {formatMoney(minor, currency)}
    </data>
  );
  if (!strike) return amount;
  return (
    <s className={['ui-money', 'ui-money--strike', className].filter(Boolean).join(' ')}>
      <span className="visually-hidden">{`${strikeLabel} `}</span>
      {amount}
    </s>
  );
}
