import { Link } from '@tanstack/react-router';
import { CONTENT_PATHS, LEGAL_REVISED_ON, SUPPORT_EMAIL } from '@/lib/site';
import { ContentPage, type ContentSection } from './ContentPage';

const sections: ContentSection[] = [
  {
    id: 'scope',
    heading: 'What the licence covers',
    body: (
      <>
        <p>
          A business licence lets a venue — a gaming arcade, a mall zone, a cricket academy or a club — run
          the IBC game for paying or member players on licensed devices. Each licensed device is one{' '}
          <strong>pin</strong>. Three editions exist: the <strong>premium licence</strong>, the{' '}
          <strong>basic licence</strong> and the <strong>business edition game</strong>.
        </p>
        <p>
          The general <Link to={CONTENT_PATHS.terms}>terms and conditions</Link> apply to business purchases
          too; where the two differ for a licence, these terms win.
        </p>
      </>
    ),
  },
  {
    id: 'pricing',
    heading: 'Pricing per pin',
    body: (
      <>
        <table>
          <caption className="visually-hidden">Business licence pricing per pin, in INR</caption>
          <thead>
            <tr>
              <th scope="col">Charge</th>
              <th scope="col">Amount (INR, per pin)</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Hardware</td>
              <td>₹50,000</td>
              <td>One time</td>
            </tr>
            <tr>
              <td>Licence fee</td>
              <td>₹1,00,000</td>
              <td>Every year</td>
            </tr>
          </tbody>
        </table>
        <p>Prices exclude GST, which is added at checkout. Multi-pin venues are quoted on request.</p>
      </>
    ),
  },
  {
    id: 'invite',
    heading: 'Invite codes',
    body: (
      <p>
        Licences and business kits are sold by invitation, so that each venue gets installation and training.
        The checkout for these products takes an invite code instead of a coupon or referral code. Ask for an
        invite through the get-invite form or write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        .
      </p>
    ),
  },
  {
    id: 'term',
    heading: 'Term, renewal and transfer',
    body: (
      <p>
        A licence runs for 12 months from activation and renews on payment of the annual fee. If the fee is
        not paid within 30 days of the renewal date, the pin is suspended until it is. A licence belongs to
        the venue named on the invoice and can be moved to another device of the same venue once a quarter; it
        cannot be resold or sublicensed.
      </p>
    ),
  },
  {
    id: 'use',
    heading: 'Permitted use',
    body: (
      <ul>
        <li>Run the game on licensed pins only, at the venue on the invoice.</li>
        <li>Charge players what you choose; leaderboards and tournaments are allowed and encouraged.</li>
        <li>Keep the software up to date; we push updates over the air.</li>
        <li>Do not copy, modify or reverse-engineer the game or remove our branding.</li>
        <li>Supervise play and keep the play area clear, as described in the safety guide.</li>
      </ul>
    ),
  },
  {
    id: 'ads',
    heading: 'Advertising on venue screens',
    body: (
      <p>
        Licensed venues may opt in to show ad packages booked through this storefront between innings. The
        schedule, devices and creatives of each booking are shared with the venue in advance; the venue’s
        share of ad revenue is set out in its onboarding agreement.
      </p>
    ),
  },
  {
    id: 'support',
    heading: 'Support and service levels',
    body: (
      <p>
        Premium licences get next-business-day hardware replacement in metro cities and phone support 9 am to
        9 pm IST, seven days a week. Basic licences and the business edition game get e-mail support with a
        reply within one working day.
      </p>
    ),
  },
];

export function BusinessLicenceTermsPage() {
  return (
    <ContentPage
      title="Business licence terms and conditions"
      revisedOn={LEGAL_REVISED_ON}
      intro={
        <p>How venues license the IBC game: what a pin is, what it costs and what you may do with it.</p>
      }
      sections={sections}
    />
  );
}
