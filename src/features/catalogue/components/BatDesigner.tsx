import {
  BAT_ENGRAVING_MESSAGE,
  BAT_ENGRAVING_PATTERN,
  BAT_OPTION_GROUPS,
  type BatDesign,
  type BatOptionGroup,
  type DesignChoice,
} from '@contract/bat-design';
import { designDeltaMinor, designDescription, firstDesign } from '@contract/bat-design-price';
import type { BatOption, BatOptions } from '@contract/catalogue';
import { type Currency, toMinor } from '@contract/money';
import { useEffect, useId, useState } from 'react';
import { Money } from '@/ui/Money';
import { TextInput } from '@/ui/TextInput';
import { withTax } from '../display';
import './BatDesigner.css';

export interface BatDesignerProps {
  options: BatOptions;
  /** The product's GST rate in percent (0 abroad): an option's price is shown as the buyer pays it. */
  gstRate: number;
  currency: Currency;
  disabled?: boolean;
  /** The design on screen, priced and described (engraving trimmed), and whether it can be made as it stands. */
  onChange: (choice: DesignChoice, valid: boolean) => void;
}

/** Whether the engraving can be cut: the contract's characters, no longer than the catalogue allows. */
export function engravingError(engraving: string, maxLength: number): string | null {
  return engraving.length <= maxLength && BAT_ENGRAVING_PATTERN.test(engraving)
    ? null
    : BAT_ENGRAVING_MESSAGE;
}

function optionOf(options: BatOptions, group: BatOptionGroup, code: string): BatOption | undefined {
  return options.groups.find((g) => g.group === group)?.options.find((o) => o.code === code);
}

/** The longest bat the preview draws at full width, in millimetres (a long handle is 876). */
const PREVIEW_FULL_MM = 900;
const PREVIEW_WIDTH = 340;

/** A drawing of the design: the blade in the willow's colour, as long as the size, the grip, the name on the back. */
export function BatPreview({ options, design }: { options: BatOptions; design: BatDesign }) {
  const willow = optionOf(options, 'willow', design.willow);
  const size = optionOf(options, 'size', design.size);
  const colour = willow?.colour ?? '#d9b77e';
  const length = Math.round(((size?.length_mm ?? 851) / PREVIEW_FULL_MM) * PREVIEW_WIDTH);
  const handle = Math.round(length * 0.32);
  const blade = length - handle;
  const x0 = 10;
  const grain = [14, 22, 30, 38, 46, 54].slice(0, willow?.code.startsWith('ENGLISH') ? 6 : 3);
  const oval = design.handle === 'OVAL';
  const description = designDescription(options, design) ?? '';
  return (
    <figure className="bat-preview">
      <svg
        viewBox="0 0 360 80"
        role="img"
        aria-label={`Preview of your bat: ${description}`}
        className="bat-preview__drawing"
      >
        <rect x={x0} y={34} width={handle} height={12} rx={oval ? 6 : 3} fill="#2b2b2b" />
        {design.grip === 'CHEVRON' &&
          Array.from({ length: Math.floor(handle / 8) }, (_, i) => (
            <path
              // biome-ignore lint/suspicious/noArrayIndexKey: the grip's ridges are drawn in order and never move
              key={i}
              d={`M${x0 + 4 + i * 8} 35 l4 5 l-4 5`}
              stroke="#f28c28"
              fill="none"
              strokeWidth={1.5}
            />
          ))}
        {design.grip === 'OCTOPUS' &&
          Array.from({ length: Math.floor(handle / 6) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the grip's dimples are drawn in order and never move
            <circle key={i} cx={x0 + 4 + i * 6} cy={i % 2 === 0 ? 38 : 42} r={1.6} fill="#f28c28" />
          ))}
        <path
          d={`M${x0 + handle} 30 h${blade - 8} q8 0 8 10 q0 10 -8 10 h-${blade - 8} z`}
          fill={colour}
          stroke="#7a5a2e"
          strokeWidth={1}
        />
        {grain.map((offset) => (
          <line
            key={offset}
            x1={x0 + handle + offset * (blade / 64)}
            y1={31}
            x2={x0 + handle + offset * (blade / 64)}
            y2={49}
            stroke="#a57f45"
            strokeOpacity={0.45}
            strokeWidth={0.8}
          />
        ))}
        {design.engraving !== '' && (
          <text
            x={x0 + handle + blade / 2}
            y={43.5}
            textAnchor="middle"
            fontSize={10}
            fontWeight={700}
            fill="#3b2a12"
            className="bat-preview__engraving"
          >
            {design.engraving}
          </text>
        )}
      </svg>
      <figcaption className="bat-preview__caption" aria-live="polite">
        {description}
      </figcaption>
    </figure>
  );
}

/**
 * The custom bat's choices as a bat maker asks for them: a radio group per choice (arrow keys move within it),
 * each option with what it adds to the price, the name to engrave, and a live drawing of the design.
 */
export function BatDesigner({ options, gstRate, currency, disabled, onChange: report }: BatDesignerProps) {
  const headingId = useId();
  const name = useId();
  const [design, onChange] = useState<BatDesign | null>(() => firstDesign(options));
  const error = design ? engravingError(design.engraving, options.engraving_max_length) : null;
  // The card prices and buys what is on screen: it hears the first design as soon as the designer shows.
  useEffect(() => {
    if (!design) return;
    const made = { ...design, engraving: design.engraving.trim() };
    const extraMinor = designDeltaMinor(options, made, currency);
    const description = designDescription(options, made);
    if (extraMinor === null || description === null) return;
    report({ design: made, extraMinor, description }, error === null);
  }, [design, options, currency, error, report]);
  if (!design) return null;
  return (
    <section className="bat-designer" aria-labelledby={headingId}>
      <h3 id={headingId} className="bat-designer__title">
        Design your bat
      </h3>
      <BatPreview options={options} design={design} />
      {BAT_OPTION_GROUPS.map((group) => {
        const entry = options.groups.find((g) => g.group === group);
        if (!entry) return null;
        return (
          <fieldset key={group} className="bat-designer__group" disabled={disabled}>
            <legend>{entry.name}</legend>
            {entry.options.map((option) => {
              const extra = withTax(toMinor(option.price_delta, currency), gstRate);
              return (
                <label key={option.code} className="bat-designer__option">
                  <input
                    type="radio"
                    name={`${name}-${group}`}
                    value={option.code}
                    checked={design[group] === option.code}
                    onChange={() => onChange({ ...design, [group]: option.code })}
                  />
                  <span className="bat-designer__option-text">
                    <span className="bat-designer__option-label">{option.label}</span>
                    <span className="bat-designer__option-detail">{option.detail}</span>
                  </span>
                  <span className="bat-designer__option-price">
                    {extra > 0 ? (
                      <>
                        + <Money minor={extra} currency={currency} />
                      </>
                    ) : (
                      'Included'
                    )}
                  </span>
                </label>
              );
            })}
          </fieldset>
        );
      })}
      <TextInput
        label="Name to engrave (optional)"
        hint={`Up to ${options.engraving_max_length} letters and spaces`}
        value={design.engraving}
        maxLength={options.engraving_max_length}
        autoComplete="off"
        disabled={disabled}
        error={error}
        touched={design.engraving !== ''}
        onChange={(event) => onChange({ ...design, engraving: event.target.value })}
      />
    </section>
  );
}

export default BatDesigner;
