import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NotifyMeForm, type NotifyMeFormProps } from './NotifyMeForm';

function mount(overrides: Partial<NotifyMeFormProps> = {}) {
  const onSubmit = vi.fn();
  const props: NotifyMeFormProps = { countryCode: 'IN', status: 'notifyMe', onSubmit, ...overrides };
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <NotifyMeForm {...props} />
    </QueryClientProvider>,
  );
  return { ...view, onSubmit, input: screen.getByLabelText('E-mail or mobile number') };
}

describe('NotifyMeForm', () => {
  it('shows a contact error only once the field is left, and clears it as soon as the value is right', async () => {
    const user = userEvent.setup();
    const { input } = mount();
    await user.type(input, 'buyer@');
    expect(screen.queryByText('Enter a valid email id')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Enter a valid email id')).toBeInTheDocument();
    await user.type(input, 'example.com');
    expect(screen.queryByText('Enter a valid email id')).not.toBeInTheDocument();
  });

  it('sends the parsed contact for the buyer’s country, and nothing while a request is pending', async () => {
    const user = userEvent.setup();
    const { input, onSubmit, rerender } = mount({ countryCode: 'US' });
    await user.type(input, '+1 202 555 0143');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(onSubmit).toHaveBeenCalledWith({ phone_number: '+12025550143' });
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <NotifyMeForm countryCode="US" status="notifyMePending" onSubmit={onSubmit} />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('E-mail or mobile number')).toBeDisabled();
  });
});
