import { BAT_ENGRAVING_MAX_LENGTH } from '@contract/bat-design';
import type { BatOptions } from '@contract/catalogue';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BatDesigner, engravingError } from './BatDesigner';

const option = (
  code: string,
  label: string,
  price_delta = 0,
  extra: Partial<BatOptions['groups'][number]['options'][number]> = {},
) => ({
  code,
  label,
  detail: `${label} detail`,
  price_delta,
  colour: null,
  length_mm: null,
  ...extra,
});

/** The seed's choices, shortened: what the catalogue sends for the custom bat in India. */
const OPTIONS: BatOptions = {
  engraving_max_length: BAT_ENGRAVING_MAX_LENGTH,
  groups: [
    {
      group: 'willow',
      name: 'Willow grade',
      options: [
        option('KASHMIR', 'Kashmir willow', 0, { colour: '#c79a5b' }),
        option('ENGLISH_2', 'English willow grade 2', 5000, { colour: '#eed6a8' }),
        option('ENGLISH_1', 'English willow grade 1', 7500, { colour: '#f6e6c4' }),
      ],
    },
    {
      group: 'size',
      name: 'Size',
      options: [option('SH', 'SH', 0, { length_mm: 851 }), option('SIZE_5', 'Size 5', 0, { length_mm: 775 })],
    },
    {
      group: 'weight',
      name: 'Weight',
      options: [option('W1', '2lb 7oz–2lb 9oz'), option('W2', '2lb 8oz–2lb 10oz')],
    },
    {
      group: 'handle',
      name: 'Handle shape',
      options: [option('ROUND', 'round handle'), option('OVAL', 'oval handle')],
    },
    {
      group: 'grip',
      name: 'Grip',
      options: [option('CHEVRON', 'chevron grip'), option('OCTOPUS', 'octopus grip', 100)],
    },
  ],
};

function renderDesigner() {
  const onChange = vi.fn();
  render(<BatDesigner options={OPTIONS} gstRate={12} currency="INR" onChange={onChange} />);
  return onChange;
}

function preview() {
  return screen.getByRole('img', { name: /^Preview of your bat/ });
}

describe('BatDesigner', () => {
  it('offers each choice as a radio group with what it adds to the price, GST included', () => {
    renderDesigner();
    const region = screen.getByRole('region', { name: 'Design your bat' });
    for (const name of ['Willow grade', 'Size', 'Weight', 'Handle shape', 'Grip']) {
      expect(within(region).getByRole('group', { name })).toBeInTheDocument();
    }
    const willow = within(region).getByRole('group', { name: 'Willow grade' });
    expect(within(willow).getAllByRole('radio')).toHaveLength(3);
    expect(within(willow).getByRole('radio', { name: /^Kashmir willow/ })).toBeChecked();
    // ₹7,500 before 12 % GST is ₹8,400 to the buyer.
    expect(within(willow).getByRole('radio', { name: /English willow grade 1.*₹8,400/ })).toBeInTheDocument();
    expect(within(willow).getByRole('radio', { name: /Kashmir willow.*Included/ })).toBeInTheDocument();
  });

  it('previews the design as it is chosen: the words, the willow’s colour, the size’s length and the name', async () => {
    const user = userEvent.setup();
    const onChange = renderDesigner();
    expect(preview()).toHaveAccessibleName(
      'Preview of your bat: Kashmir willow, SH, 2lb 7oz–2lb 9oz, round handle, chevron grip',
    );
    const blade = () => preview().querySelector('path[fill^="#"]');
    expect(blade()).toHaveAttribute('fill', '#c79a5b');
    const long = preview().querySelector('rect')?.getAttribute('width');

    await user.click(screen.getByRole('radio', { name: /^English willow grade 1/ }));
    await user.click(screen.getByRole('radio', { name: /^Size 5/ }));
    await user.click(screen.getByRole('radio', { name: /^2lb 8oz–2lb 10oz/ }));
    await user.click(screen.getByRole('radio', { name: /^oval handle/ }));
    await user.type(screen.getByLabelText(/Name to engrave/), 'ASHA');

    const words =
      "English willow grade 1, Size 5, 2lb 8oz–2lb 10oz, oval handle, chevron grip, engraved 'ASHA'";
    expect(preview()).toHaveAccessibleName(`Preview of your bat: ${words}`);
    expect(screen.getByText(words, { selector: 'figcaption' })).toBeInTheDocument();
    expect(blade()).toHaveAttribute('fill', '#f6e6c4');
    expect(within(preview()).getByText('ASHA')).toBeInTheDocument();
    // The card hears the design priced: ₹7,500 before tax for grade 1 willow, and its words.
    expect(onChange).toHaveBeenLastCalledWith(
      {
        design: {
          willow: 'ENGLISH_1',
          size: 'SIZE_5',
          weight: 'W2',
          handle: 'OVAL',
          grip: 'CHEVRON',
          engraving: 'ASHA',
        },
        extraMinor: 750_000,
        description: words,
      },
      true,
    );
    // A size 5 bat is drawn shorter than a short handle.
    expect(Number(preview().querySelector('rect')?.getAttribute('width'))).toBeLessThan(Number(long));
  });

  it('is used with the keyboard: arrows move within a choice, Tab moves to the next', async () => {
    const user = userEvent.setup();
    renderDesigner();
    const willow = screen.getByRole('radio', { name: /^Kashmir willow/ });
    willow.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^English willow grade 2/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^English willow grade 2/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: /^SH/ })).toHaveFocus();
    expect(preview()).toHaveAccessibleName(/^Preview of your bat: English willow grade 2, SH/);
  });

  it('says what an engraving may hold, keeps what was typed, and the field stops at the limit', async () => {
    const user = userEvent.setup();
    const onChange = renderDesigner();
    const field = screen.getByLabelText(/Name to engrave/);
    expect(field).toHaveAttribute('maxLength', String(BAT_ENGRAVING_MAX_LENGTH));
    await user.type(field, 'A&B');
    expect(field).toHaveValue('A&B');
    expect(screen.getByText(/Use up to 12 letters, spaces/)).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ extraMinor: 0 }), false);
    expect(engravingError('ASHA RAO', BAT_ENGRAVING_MAX_LENGTH)).toBeNull();
    expect(engravingError('A'.repeat(BAT_ENGRAVING_MAX_LENGTH + 1), BAT_ENGRAVING_MAX_LENGTH)).not.toBeNull();
  });
});
