import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { REQUIRED_TEXT } from './fieldError';
import { TextInput } from './TextInput';

function ControlledMobile() {
  const [value, setValue] = useState('');
  return (
    <TextInput
      label="Mobile number"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      error={/^[5-9]\d{9}$/.test(value) ? undefined : 'Enter a valid mobile number'}
      touched={value !== ''}
    />
  );
}

describe('TextInput', () => {
  it('labels the input and describes it with its hint', () => {
    render(<TextInput label="Full name" hint="As on your ID" />);
    const input = screen.getByRole('textbox', { name: 'Full name' });
    expect(input).toHaveAccessibleDescription('As on your ID');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error only once the field is touched (first blur)', async () => {
    const user = userEvent.setup();
    render(<TextInput label="E-mail" error="Enter a valid email id" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(screen.queryByText('Enter a valid email id')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.click(input);
    await user.tab();
    expect(screen.getByText('Enter a valid email id')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a valid email id');
  });

  it('follows a touched flag from the form library', () => {
    const { rerender } = render(<TextInput label="City" error="required" touched={false} />);
    expect(screen.queryByText('required')).not.toBeInTheDocument();
    rerender(<TextInput label="City" error="required" touched />);
    expect(screen.getByText('required')).toBeInTheDocument();
  });

  it('shows "*Required" when in error without a message', () => {
    render(<TextInput label="Pin code" error touched />);
    expect(screen.getByRole('textbox', { name: 'Pin code' })).toHaveAccessibleDescription('*Required');
  });

  it('shows nothing when touched but not in error', () => {
    render(<TextInput label="Address line 2" error={false} touched />);
    const input = screen.getByRole('textbox', { name: 'Address line 2' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(REQUIRED_TEXT)).not.toBeInTheDocument();
  });

  it('keeps what the user typed, uncontrolled and controlled, when an error appears', async () => {
    const user = userEvent.setup();
    render(
      <>
        <TextInput label="Coupon" error="Invalid coupon" />
        <ControlledMobile />
      </>,
    );
    const coupon = screen.getByRole('textbox', { name: 'Coupon' });
    await user.type(coupon, 'CRICKET10');
    await user.tab();
    expect(coupon).toHaveValue('CRICKET10');

    const mobile = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.type(mobile, '12345');
    expect(mobile).toHaveValue('12345');
    expect(screen.getByText('Enter a valid mobile number')).toBeInTheDocument();
  });

  it('uses the given id and merges aria-describedby', () => {
    render(
      <>
        <p id="extra">Shown on the invoice</p>
        <TextInput id="gstin" label="GSTIN" aria-describedby="extra" hint="15 characters" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'GSTIN' });
    expect(input).toHaveAttribute('id', 'gstin');
    expect(input).toHaveAccessibleDescription('Shown on the invoice 15 characters');
  });
});
