import { LEGAL_REVISED_ON, SITE_NAME, SUPPORT_EMAIL } from '@/lib/site';
import { ContentPage, type ContentSection } from './ContentPage';

const sections: ContentSection[] = [
  {
    id: 'what-we-collect',
    heading: 'What we collect',
    body: (
      <table>
        <caption className="visually-hidden">Data we collect and why</caption>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Why we need it</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Mobile number and country code</td>
            <td>To sign you in with a one-time code and to reach you about a delivery.</td>
          </tr>
          <tr>
            <td>Name and e-mail address</td>
            <td>
              For your invoice, order updates and game keys. We verify your e-mail with a one-time code.
            </td>
          </tr>
          <tr>
            <td>Delivery and billing addresses, GST details</td>
            <td>To deliver your order and issue a correct tax invoice.</td>
          </tr>
          <tr>
            <td>Order and payment status</td>
            <td>
              To show your orders and handle refunds. Card details go straight to our payment provider; we
              never receive them.
            </td>
          </tr>
          <tr>
            <td>Shopping events (for example “order created”)</td>
            <td>
              To understand which steps of checkout work and which do not, and to measure our campaigns.
            </td>
          </tr>
        </tbody>
      </table>
    ),
  },
  {
    id: 'on-your-device',
    heading: 'What we keep on your device',
    body: (
      <>
        <p>
          Sign-in tokens are kept in cookies that expire after 30 days. Your cart, the catalogue you last saw
          and your last order number are kept in your browser’s storage so the shop works on a poor connection
          or offline; the last order details are removed after 7 days. You can clear all of this by signing
          out and clearing the site’s data in your browser.
        </p>
        <p>We do not use third-party advertising cookies.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: (
      <ul>
        <li>Our payment provider, to take your payment.</li>
        <li>Couriers and pickup partners, to deliver your order (name, phone and address only).</li>
        <li>Partner merchants named as “Sold by”, for the items they sell to you.</li>
        <li>Authorities, when the law requires it.</li>
      </ul>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        Order and invoice records are kept for 8 years, as Indian tax law requires. Account data is kept while
        your account is open and deleted within 30 days of a deletion request, except what we must keep by
        law.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <p>
        Under India’s Digital Personal Data Protection Act, 2023 (and the GDPR if you are in Europe) you can
        ask to see, correct or delete your data and withdraw consent to marketing at any time. Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>; we answer within 30 days.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'How we protect it',
    body: (
      <p>
        Everything travels over HTTPS. One-time codes and sign-in tokens are stored only in hashed form and
        expire quickly; repeated wrong codes are blocked. Access to order data inside {SITE_NAME} is limited
        to the people who fulfil and support orders.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy policy"
      revisedOn={LEGAL_REVISED_ON}
      intro={
        <p>
          We collect only what we need to sell you cricket gear and games, deliver it and support you — and we
          say here exactly what that is.
        </p>
      }
      sections={sections}
    />
  );
}
