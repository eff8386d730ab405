import './QuantityStepper.css';

export interface QuantityStepperProps {
  /** What is counted, for the buttons' and the count's names ("Add one Bat grip", "Bat grip quantity"). */
  itemName: string;
  value: number;
  /** Bounds the buttons respect; − at `min` and + at `max` are disabled. */
  min?: number;
  max?: number;
  disabled?: boolean;
  /** The buttons' accessible names, when the place needs other words than "Remove one …" / "Add one …". */
  decreaseLabel?: string;
  increaseLabel?: string;
  className?: string;
  onChange: (value: number) => void;
}

/** − n + with 44 px buttons and accessible names; the count is announced when it changes. */
export function QuantityStepper({
  itemName,
  value,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  disabled = false,
  decreaseLabel = `Remove one ${itemName}`,
  increaseLabel = `Add one ${itemName}`,
  className,
  onChange,
}: QuantityStepperProps) {
  return (
    <div className={className ? `ui-stepper ${className}` : 'ui-stepper'}>
      <button
        type="button"
        className="ui-stepper__button"
        aria-label={decreaseLabel}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="ui-stepper__value" aria-live="polite" aria-label={`${itemName} quantity`}>
        {value}
      </output>
      <button
        type="button"
        className="ui-stepper__button"
        aria-label={increaseLabel}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
