export interface QuantityStepperProps {
  /** What is counted, for the buttons' labels ("Add one Bat grip"). */
  itemName: string;
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}

/** − n + with 44 px buttons; the count is announced when it changes. */
export function QuantityStepper({ itemName, value, max, disabled = false, onChange }: QuantityStepperProps) {
  return (
    <div className="catalogue-stepper">
      <button
        type="button"
        className="catalogue-stepper__button"
        aria-label={`Remove one ${itemName}`}
        disabled={disabled || value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="catalogue-stepper__value" aria-live="polite" aria-label={`${itemName} quantity`}>
        {value}
      </output>
      <button
        type="button"
        className="catalogue-stepper__button"
        aria-label={`Add one ${itemName}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
