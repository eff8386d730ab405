import { type Currency, formatMoney } from '@contract/money';
import type { ReactNode } from 'react';
import { Skeleton } from './Skeleton';
import './visually-hidden.css';

/** known: the amount is there; loading: the first answer is on its way; unknown: none came (failed or offline). */
export type AmountStatus = 'known' | 'loading' | 'unknown';

export interface AmountViewProps {
  status: AmountStatus;
  /** The amount, shown once known (a Money, or its formatted text). */
  children?: ReactNode;
  /** The placeholder's width while loading: as wide as the amount will be, so the swap moves nothing. */
  width?: string;
  /** Said to screen readers while loading; left out where the region around says it already. */
  loadingLabel?: string;
  /** Said to screen readers in place of the dash when the amount is not known. */
  unknownLabel?: string;
  /** The element that holds the dash. */
  as?: 'span' | 'strong';
  /** On the placeholder and on the dash's element, so both take the amount's place and size. */
  className?: string;
}

/** A price that may still be loading or not be known: the amount, a placeholder of its size, or a dash. */
export function AmountView({
  status,
  children,
  width = '8ch',
  loadingLabel,
  unknownLabel = 'Not known yet',
  as: Tag = 'span',
  className,
}: AmountViewProps) {
  if (status === 'known') return <>{children}</>;
  if (status === 'loading') {
    return (
      <>
        <Skeleton variant="text" width={width} className={className} />
        {loadingLabel && <span className="visually-hidden">{loadingLabel}</span>}
      </>
    );
  }
  return (
    <Tag className={className}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{unknownLabel}</span>
    </Tag>
  );
}

/** A placeholder width for an amount like this one, at least `minimum` characters. */
export function amountWidth(minor: number, currency: Currency, minimum = 0): string {
  return `${Math.max(minimum, formatMoney(minor, currency).length)}ch`;
}
