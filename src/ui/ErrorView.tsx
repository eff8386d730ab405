import { type ReactNode, useId } from 'react';
import { Button } from './Button';
import './ErrorView.css';

export const ERROR_VIEW_TITLE = 'Something went wrong';
export const ERROR_VIEW_MESSAGE = "We're having some trouble completing your request. Please try again.";

export interface ErrorViewProps {
  title?: ReactNode;
  message?: ReactNode;
  /** Without it no retry button is shown. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Shows the retry button's 25 px loader (spec §9) while the retry runs. */
  retrying?: boolean;
  /** 1 when the error view is the whole page, 2 inside a page (default). */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

export function ErrorView({
  title = ERROR_VIEW_TITLE,
  message = ERROR_VIEW_MESSAGE,
  onRetry,
  retryLabel = 'Retry',
  retrying = false,
  headingLevel = 2,
  className,
}: ErrorViewProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={['ui-error-view', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <img
        className="ui-error-view__image"
        src="/images/broken-wire.svg"
        width={200}
        height={133}
        alt=""
        decoding="async"
      />
      <Heading id={titleId} className="ui-error-view__title">
        {title}
      </Heading>
      <p className="ui-error-view__message">{message}</p>
      {onRetry && (
        <div className="ui-error-view__actions">
          <Button size="l" loaderSize="l" fullWidth loading={retrying} onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </section>
  );
}
