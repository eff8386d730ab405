import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { WhatsAppPage } from './WhatsAppPage';
import { WHATSAPP_MESSAGE, whatsAppLink } from './whatsapp';

describe('/whatsapp-us', () => {
  it('links out to a chat with the shop’s number and the message written, from the server’s HTML', () => {
    const html = renderToString(<WhatsAppPage number="+91 98765-43210" copy={vi.fn()} />);
    const expected = `https://wa.me/919876543210?text=${encodeURIComponent(WHATSAPP_MESSAGE)}`;
    expect(whatsAppLink('+91 98765-43210')).toBe(expected);
    expect(html).toContain(`href="${expected.replace(/&/g, '&amp;')}"`);
    expect(html).not.toMatch(/http-equiv="refresh"/);
  });

  it('says what to do without WhatsApp: call, text or e-mail the number, or copy it', async () => {
    const copy = vi.fn(() => Promise.resolve());
    render(<WhatsAppPage number="+919876543210" copy={copy} />);
    expect(screen.getByRole('link', { name: 'Open the chat in WhatsApp' })).toHaveAttribute(
      'href',
      whatsAppLink('+919876543210'),
    );
    expect(screen.getByRole('heading', { name: 'No WhatsApp on this device?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(screen.getByRole('link', { name: 'Send a text' })).toHaveAttribute('href', 'sms:+919876543210');
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy the number' }));
    expect(copy).toHaveBeenCalledWith('+919876543210');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('+91 98765 43210 is copied. Paste it'),
    );
  });

  it('shows the number itself where the browser refuses to copy', async () => {
    render(<WhatsAppPage number="+14155550100" copy={() => Promise.reject(new Error('denied'))} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy the number' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'did not let us copy. The number is +14155550100.',
      ),
    );
  });
});
