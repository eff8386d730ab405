import { Link } from '@tanstack/react-router';
import { CONTENT_PATHS, LEGAL_REVISED_ON, SITE_NAME, SUPPORT_EMAIL } from '@/lib/site';
import { ContentPage, type ContentSection } from './ContentPage';

const sections: ContentSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who these terms are between',
    body: (
      <p>
        These terms apply to every purchase made on this storefront from {SITE_NAME} (“we”, “us”). By placing
        an order you confirm that you are at least 18 years old, or that a parent or guardian is placing the
        order for you, and that you accept these terms.
      </p>
    ),
  },
  {
    id: 'products',
    heading: 'What we sell',
    body: (
      <>
        <p>
          We sell the following products, each described on its own page with its price, stock and seller:
        </p>
        <ul>
          <li>
            <strong>The IBC home kit</strong> (solo and family) — a VR headset bundle with a sensor-tracked
            bat for playing cricket at home, including a no-cost EMI variant.
          </li>
          <li>
            <strong>The IBC game</strong> — one-profile and five-profile editions, and a STEAM edition
            delivered as a game key.
          </li>
          <li>
            <strong>Game plus bat</strong> and the <strong>custom designed bat</strong>.
          </li>
          <li>
            <strong>Business products</strong> — the business licence, the business kit and the club edition,
            sold under the{' '}
            <Link to={CONTENT_PATHS.businessLicenceTerms}>business licence terms and conditions</Link>.
          </li>
          <li>
            <strong>Ad packages</strong> — screen time on our devices at partner venues for a chosen date
            range.
          </li>
        </ul>
        <p>
          Some products are sold by partner merchants. The seller is named on each product as “Sold by”; that
          merchant is responsible for the item it sells.
        </p>
      </>
    ),
  },
  {
    id: 'prices',
    heading: 'Prices, taxes and currency',
    body: (
      <>
        <p>
          Buyers in India pay in Indian rupees (INR); buyers everywhere else pay in US dollars (USD). The
          price you pay is always calculated by our server at checkout from the current catalogue: the amount
          shown in the order summary before you pay is the amount charged.
        </p>
        <p>
          Indian prices include GST at the rate that applies to each product (CGST and SGST within our state,
          IGST for other states). Exports are invoiced without GST; import duties and local taxes in your
          country, if any, are yours to pay.
        </p>
        <p>
          A crossed-out price is the regular price we sold the product at before the current offer. Coupon,
          referral and association discounts are shown separately in your order summary and apply only as
          described with each code.
        </p>
      </>
    ),
  },
  {
    id: 'orders',
    heading: 'Placing an order',
    body: (
      <>
        <p>
          An order is placed when you confirm it at checkout and we show you an order number. Stock is
          reserved for you while you pay; if the payment does not complete in time, the reservation lapses and
          the stock is released. We never take payment twice for the same order: if you retry, we reuse the
          payment already created for it.
        </p>
        <p>
          We may cancel an order before dispatch if a product turns out to be unavailable or a price was shown
          in error; any amount paid is then refunded in full to the original payment method.
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    heading: 'Payment and no-cost EMI',
    body: (
      <>
        <p>
          Payments are processed by our payment provider, either in a secure card window on this page or on
          the provider’s hosted payment page. We never see or store your full card number.
        </p>
        <p>
          Where a product offers no-cost EMI, the interest is borne by us and the instalments are set by your
          card issuer. The lowest monthly instalment is shown as “EMI starts from”. Your bank’s terms apply to
          the instalment plan.
        </p>
      </>
    ),
  },
  {
    id: 'delivery',
    heading: 'Delivery and self pickup',
    body: (
      <>
        <p>
          We deliver across India to serviceable pin codes and to the countries offered at checkout. Delivery
          estimates are shown at checkout; shipping is free unless a charge is shown in your order summary.
          Where self pickup is offered you can collect the order from the pickup location shown at checkout
          during its opening hours.
        </p>
        <p>
          Game editions and STEAM keys are delivered digitally to your account and e-mail address, usually
          within minutes of payment.
        </p>
      </>
    ),
  },
  {
    id: 'returns',
    heading: 'Cancellations, returns and refunds',
    body: (
      <>
        <p>
          You can cancel an unpaid or undispatched order from your orders page. Hardware that arrives damaged,
          defective or not as described can be returned within 7 days of delivery for a replacement or a full
          refund. Custom designed bats are made to your design and cannot be returned unless they are
          defective. Game keys cannot be refunded once they have been revealed or redeemed.
        </p>
        <p>Approved refunds are paid to the original payment method within 7 working days.</p>
      </>
    ),
  },
  {
    id: 'warranty',
    heading: 'Warranty and safe play',
    body: (
      <p>
        Kit hardware carries a one-year manufacturer’s warranty against defects. Play in a clear space of at
        least 2 m by 2 m, keep the wrist strap on, take a break every 30 minutes and keep children under 13
        supervised. Damage from misuse, water or unauthorised repair is not covered.
      </p>
    ),
  },
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <p>
        You sign in with your mobile number and a one-time code sent to it. Keep your phone secure: anyone who
        can read your codes can use your account. Tell us straight away at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you think someone else has used it.
      </p>
    ),
  },
  {
    id: 'law',
    heading: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of India and the courts of Bengaluru have jurisdiction, without
        affecting any consumer protection you have where you live. Our{' '}
        <Link to={CONTENT_PATHS.privacy}>privacy policy</Link> explains how we use your data.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <ContentPage
      title="Terms and conditions"
      revisedOn={LEGAL_REVISED_ON}
      intro={
        <p>
          The rules for buying from us, written to be read: what you buy, what you pay and what you can
          expect.
        </p>
      }
      sections={sections}
    />
  );
}
