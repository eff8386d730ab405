import { useState } from 'react';
import { SHOP_WHATSAPP_NUMBER, SUPPORT_EMAIL } from '@/lib/site';
import { Button } from '@/ui/Button';
import { displayNumber, WHATSAPP_MESSAGE, whatsAppLink } from './whatsapp';
import './contact.css';

export interface WhatsAppPageProps {
  /** E.164; the shop's configured number by default. */
  number?: string;
  /** The clipboard; the browser's by default. */
  copy?: (text: string) => Promise<void>;
}

const browserCopy = (text: string) => navigator.clipboard.writeText(text);

/**
 * /whatsapp-us (spec §2): a link out to a WhatsApp chat with the shop, its first message written, and what to do
 * without WhatsApp (call, text or e-mail the same number), rather than a redirect that strands a visitor who has none.
 */
export function WhatsAppPage({ number = SHOP_WHATSAPP_NUMBER, copy = browserCopy }: WhatsAppPageProps) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const shown = displayNumber(number);
  const dialable = number.replace(/[^\d+]/g, '');
  return (
    <article className="contact-page" aria-labelledby="whatsapp-title">
      <h1 id="whatsapp-title">Chat with us on WhatsApp</h1>
      <p>
        Ask us anything about the kit, the games, an order or a demo. The chat opens with this message written
        for you; change it or send it as it is:
      </p>
      <blockquote className="contact-page__message">{WHATSAPP_MESSAGE}</blockquote>
      <a
        className="ui-button contact-page__action"
        data-variant="primary"
        data-size="l"
        href={whatsAppLink(number)}
      >
        <span className="ui-button__content">Open the chat in WhatsApp</span>
      </a>
      <p className="contact-page__note">
        On a computer it opens WhatsApp Web or the desktop app, where you sign in with your phone.
      </p>

      <section aria-labelledby="no-whatsapp-title">
        <h2 id="no-whatsapp-title">No WhatsApp on this device?</h2>
        <p>
          Call or text us on the same number, <strong className="contact-page__number">{shown}</strong>, or
          write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
        <div className="contact-page__actions">
          <a className="ui-button" data-variant="secondary" data-size="m" href={`tel:${dialable}`}>
            <span className="ui-button__content">Call {shown}</span>
          </a>
          <a className="ui-button" data-variant="secondary" data-size="m" href={`sms:${dialable}`}>
            <span className="ui-button__content">Send a text</span>
          </a>
          <Button
            variant="secondary"
            onClick={() => {
              copy(number).then(
                () => setCopied('copied'),
                () => setCopied('failed'),
              );
            }}
          >
            Copy the number
          </Button>
        </div>
        <p className="contact-page__status" role="status">
          {copied === 'copied' && `${shown} is copied. Paste it into your phone or messaging app.`}
          {copied === 'failed' && `This browser did not let us copy. The number is ${shown}.`}
        </p>
      </section>
    </article>
  );
}
