import type { Currency } from '@contract/money';
import type { TaxLine } from '@/lib/gst';
import { Money } from './Money';

/** The tax as the invoice shows it, as rows of a <dl>: CGST + SGST, IGST, one GST row, or why there is none. */
export function TaxRows({
  lines,
  currency,
  rowClassName,
}: {
  lines: readonly TaxLine[];
  currency: Currency;
  rowClassName?: string;
}) {
  return lines.map((line) => (
    <div key={line.key} className={rowClassName}>
      {line.amount === null ? (
        <>
          <dt>GST</dt>
          <dd>{line.label}</dd>
        </>
      ) : (
        <>
          <dt>{line.label}</dt>
          <dd>
            <Money minor={line.amount} currency={currency} />
          </dd>
        </>
      )}
    </div>
  ));
}
