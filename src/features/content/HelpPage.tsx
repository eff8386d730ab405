import { Link } from '@tanstack/react-router';
import { CONTENT_PATHS, SUPPORT_EMAIL } from '@/lib/site';
import { ContentPage, type ContentSection } from './ContentPage';

interface Faq {
  q: string;
  a: string;
}

const groups: { id: string; heading: string; faqs: Faq[] }[] = [
  {
    id: 'orders-and-payment',
    heading: 'Orders and payment',
    faqs: [
      {
        q: 'Which payment methods can I use?',
        a: 'Cards, UPI, net banking and wallets through our payment provider, either in the secure payment window or on its payment page. Buyers outside India pay by card in US dollars.',
      },
      {
        q: 'How does no-cost EMI work?',
        a: 'On products marked “EMI starts from”, choose EMI in the payment window and pick a tenure offered by your card issuer. We pay the interest, so the instalments add up to the product price.',
      },
      {
        q: 'My payment failed but money left my account. What now?',
        a: `Nothing is lost: once our payment provider confirms the payment, your order goes ahead. If the payment does not complete, your bank reverses the amount automatically, usually within 5 to 7 working days. Write to ${SUPPORT_EMAIL} with your order number if you want us to check.`,
      },
      {
        q: 'Can I use a coupon and a referral code together?',
        a: 'No — one code per order. Once you fill in one, the other field is disabled. Business products take an invite code instead.',
      },
    ],
  },
  {
    id: 'delivery',
    heading: 'Delivery and pickup',
    faqs: [
      {
        q: 'How long does delivery take?',
        a: 'Most Indian pin codes receive the kit in 3 to 6 working days; international orders in 7 to 14. You will see the estimate and any shipping charge at checkout after entering your pin code.',
      },
      {
        q: 'Where is my order?',
        a: `Open My orders (from your account or the foot of any page): every order you placed is there with its status, and it reads from your last visit even offline. For a shipped order's tracking number, write to ${SUPPORT_EMAIL} with your order number and the phone number you signed in with; we reply within one working day.`,
      },
      {
        q: 'When will I receive my game key?',
        a: 'Game and STEAM keys are assigned to your order as soon as the payment is confirmed, and shown on the order’s confirmation and in My orders.',
      },
    ],
  },
  {
    id: 'playing',
    heading: 'Setting up and playing',
    faqs: [
      {
        q: 'How much space do I need?',
        a: 'A clear area of at least 2 m by 2 m with nothing overhead within reach of a full swing.',
      },
      {
        q: 'How many people can play on one kit?',
        a: 'The solo kit has one player profile; the family kit and the five-profile game keep progress for up to five players.',
      },
      {
        q: 'Is it suitable for children?',
        a: 'Yes, from 13 years with supervision; take a 10-minute break every 30 minutes.',
      },
    ],
  },
  {
    id: 'app',
    heading: 'This app',
    faqs: [
      {
        q: 'Can I install the shop on my phone?',
        a: 'Yes. When your browser offers it, an “Install app” button appears at the top of the page, next to your account and the cart (on a phone it shows as a download arrow). You can also use your browser’s own “Install app” or “Add to Home screen”. The installed app opens instantly and keeps your cart even without a connection.',
      },
      {
        q: 'What works offline?',
        a: 'Pages you have visited, the catalogue you last saw and your cart. Prices and stock refresh by themselves when you are back online; paying needs a connection.',
      },
    ],
  },
];

const sections: ContentSection[] = [
  ...groups.map((group) => ({
    id: group.id,
    heading: group.heading,
    body: (
      <div className="faq">
        {group.faqs.map((faq) => (
          <details key={faq.q}>
            <summary>{faq.q}</summary>
            <p>{faq.a}</p>
          </details>
        ))}
      </div>
    ),
  })),
  {
    id: 'contact',
    heading: 'Still need help?',
    body: (
      <p>
        Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your order number if you have
        one. We reply within one working day. Returns and refunds are explained in our{' '}
        <Link to={CONTENT_PATHS.terms} hash="returns">
          terms and conditions
        </Link>
        .
      </p>
    ),
  },
];

export function HelpPage() {
  return (
    <ContentPage
      title="Help"
      intro={<p>Answers to what buyers ask us most, from payment to your first over in VR.</p>}
      sections={sections}
    />
  );
}
