import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { countryStore } from '@/state/country';
import { BookADemoPage } from './BookADemoPage';
import { DemoAvailabilityPage } from './DemoAvailabilityPage';
import { DemoNotifyMePage } from './DemoNotifyMePage';

function withQueries(children: ReactNode) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );
}

beforeEach(() => {
  resetClient();
  countryStore.countryCode = 'IN';
});

describe('/book-a-demo', () => {
  it('explains the demo from the server’s HTML and links to the form, the pincode check and the notify-me', () => {
    const html = renderToString(<BookADemoPage />);
    expect(html).toContain('<h1');
    render(<BookADemoPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Book a demo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a demo' })).toHaveAttribute('href', '/form/book-a-demo');
    expect(screen.getByRole('link', { name: /Check that we can come/ })).toHaveAttribute(
      'href',
      '/book-a-demo-availability-check',
    );
    expect(screen.getByRole('link', { name: /tell you when new demos open/ })).toHaveAttribute(
      'href',
      '/book-a-demo-notify-me',
    );
  });
});

describe('/book-a-demo-availability-check', () => {
  const place = { district: 'Mumbai', city: 'Mumbai', state: 'Maharashtra', min_days: 3, max_days: 5 };

  it('refuses a short pincode without asking, then says a demo is possible where the shop delivers', async () => {
    const { requests } = fakeNetwork(() =>
      json(200, { pincode: '400001', is_available: true, message: 'Delivered to Mumbai', ...place }),
    );
    render(withQueries(<DemoAvailabilityPage />));
    const user = userEvent.setup();
    const pincode = screen.getByRole('textbox', { name: 'Pincode' });
    await user.type(pincode, '4000{Enter}');
    expect(pincode).toHaveAccessibleDescription('Enter a valid 6-digit pincode');
    expect(requests).toHaveLength(0);

    await user.type(pincode, '01{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Yes, a demo is possible at 400001 (Mumbai, Maharashtra).',
      ),
    );
    expect(requests.at(-1)?.url).toBe('/api/invoicing/check_availability_for_pincode/v1/?pincode=400001');
    expect(screen.getByRole('link', { name: 'Book a demo' })).toHaveAttribute('href', '/form/book-a-demo');
  });

  it('says not yet where the shop does not deliver, and offers to tell the person later', async () => {
    fakeNetwork(() =>
      json(200, {
        pincode: '999999',
        is_available: false,
        message: 'We do not deliver to 999999 yet',
        district: null,
        city: null,
        state: null,
        min_days: null,
        max_days: null,
      }),
    );
    render(withQueries(<DemoAvailabilityPage />));
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Pincode' }), '999999{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Not yet at 999999.'));
    expect(screen.getByRole('link', { name: /tell you when demos reach you/ })).toHaveAttribute(
      'href',
      '/book-a-demo-notify-me',
    );
  });
});

describe('/book-a-demo-notify-me', () => {
  it('sends an e-mail id or a mobile number once and says it is kept; keeps what was typed on a failure', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ notify_me_id: 3, created: true });
    render(withQueries(<DemoNotifyMePage send={send} />));
    const user = userEvent.setup();
    const contact = await screen.findByRole('textbox', { name: 'E-mail or mobile number' });
    await user.type(contact, '98765 43210{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledWith({ phone_number: '+919876543210' }, 'IN'));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not save your request');
    expect(contact).toHaveValue('98765 43210');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('We will write to +919876543210 when demos open.'),
    );
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('asks the book-a-demo notify-me of the shop', async () => {
    const { requests } = fakeNetwork(() => json(201, { notify_me_id: 1, created: true }));
    render(withQueries(<DemoNotifyMePage />));
    const contact = await screen.findByRole('textbox', { name: 'E-mail or mobile number' });
    await userEvent.setup().type(contact, 'venue@example.com{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('venue@example.com'));
    expect(requests.at(-1)).toMatchObject({
      url: '/api/commerce/book_a_demo/notify_me/v1/',
      method: 'POST',
      body: { email: 'venue@example.com', country_name_enum: 'IN' },
    });
  });
});
