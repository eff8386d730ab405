import type { Package, PackageWithEstimate } from '@contract/catalogue';
import { LICENCE_PRODUCT_CODES, PACKAGE_CODES } from '@contract/constants';
import { type Currency, toMinor } from '@contract/money';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AD_BOOKING_PATH } from '@/lib/adPackages';
import { INVITE_REQUEST_PATH } from '@/lib/inviteSearch';
import { CONTENT_PATHS, SUPPORT_EMAIL } from '@/lib/site';
import { Button } from '@/ui/Button';
import { Money } from '@/ui/Money';
import { CatalogueGate, packageIn } from './CatalogueGate';
import { findRate, type LicenceProductCode, type PinRate, pinQuantities, pinScale } from './licencePricing';
import { PinPricing } from './PinPricing';
import { AD_PACKAGE_CODES, KIT_CODES, LICENCE_CODES, type LicenceSlug } from './pages';
import './business.css';

export interface BusinessPageProps {
  /** The buyer's country (prices are for it) and its currency. */
  countryCode: string;
  currency: Currency;
  /** Puts the package (a customizable one with these quantities by product_id) in the cart and opens the checkout. */
  onBuy: (pkg: Package, quantities?: Record<number, number>) => void;
  /** The "Choose Currency" switch, offered where a package is not sold in the buyer's country. */
  currencySwitch?: ReactNode;
}

/** What each licence page says (kept with the page, out of the first-load route tree). */
const BUSINESS_PATHS = {
  business: '/business',
  kit: '/business-kit',
  opportunity: '/business-opportunity-details',
  club: '/club-edition',
} as const;

/** The pricing panel's anchor on /business (spec §2). */
export const BUSINESS_PRICING_ANCHOR = 'ibc-business-pricing-section';
/** The ad packages section of /business, where the home page's "Ad packages" card leads. */
export const AD_PACKAGES_ANCHOR = 'ad-packages';

interface LicenceContent {
  heading: string;
  /** The yearly licence the page's scale prices beside the hardware; none for the hardware's own page. */
  yearlyCode: LicenceProductCode | null;
  lede: string;
  /** What a venue gets, one point a line. */
  includes: readonly string[];
  /** Who it suits. */
  suits: string;
}

const LICENCE_CONTENT: Record<LicenceSlug, LicenceContent> = {
  premium: {
    heading: 'IBC premium licence',
    yearlyCode: LICENCE_PRODUCT_CODES.premium,
    lede: 'Every mode of the game on each licensed pin, with tournaments, leaderboards and priority support.',
    includes: [
      'Career, nets, quick matches and multiplayer on every licensed pin',
      'Venue tournaments with brackets, and a live leaderboard for your screens',
      'Player accounts your regulars keep from visit to visit',
      'Next-business-day hardware replacement in metro cities',
      'Phone support 9 am to 9 pm IST, seven days a week',
    ],
    suits: 'Arcades, mall zones and academies that run leagues and want players coming back every week.',
  },
  basic: {
    heading: 'IBC basic licence',
    yearlyCode: LICENCE_PRODUCT_CODES.basic,
    lede: 'Nets and quick matches on each licensed pin: the simplest way to add VR cricket to a venue.',
    includes: [
      'Nets against pace, spin and swing, and quick six-ball challenges',
      'Session timer and a per-session score card for your customers',
      'Over-the-air updates with new bowlers and grounds',
      'E-mail support with a reply within one working day',
    ],
    suits: 'Cafés, gaming lounges and smaller venues starting with one or two bays.',
  },
  'business-edition-game': {
    heading: 'IBC business edition game',
    yearlyCode: null,
    lede: 'The venue edition of the game with its hardware, bought once per pin, ready for either licence.',
    includes: [
      'The business edition of the game, locked to your venue',
      'Venue hardware for one bay per pin, installed by our team',
      'Operator mode: start, stop and time sessions from one tablet',
      'Runs the premium or the basic licence, which you choose per pin',
    ],
    suits:
      'Every venue: each pin needs the business edition once, then a premium or basic licence each year.',
  },
};

const HARDWARE_LABEL = 'Hardware, one-time';
const LICENCE_FEE_LABEL = 'Annual licence fee';

interface LicenceRates {
  pkg: PackageWithEstimate;
  hardware: PinRate;
  premium: PinRate;
  basic: PinRate;
}

function licenceRates(packages: readonly PackageWithEstimate[]): LicenceRates | null {
  const pkg = packageIn(packages, PACKAGE_CODES.businessLicence);
  const hardware = findRate(pkg.products, LICENCE_PRODUCT_CODES.businessEditionGame, pkg.currency);
  const premium = findRate(pkg.products, LICENCE_PRODUCT_CODES.premium, pkg.currency);
  const basic = findRate(pkg.products, LICENCE_PRODUCT_CODES.basic, pkg.currency);
  return hardware && premium && basic ? { pkg, hardware, premium, basic } : null;
}

function buyPins(onBuy: BusinessPageProps['onBuy'], pkg: Package) {
  return (rates: readonly PinRate[], pins: number) => onBuy(pkg, pinQuantities(rates, pins));
}

function Gate({
  codes,
  props,
  soldWhere,
  children,
}: {
  codes: readonly string[];
  props: BusinessPageProps;
  soldWhere?: string;
  children: (packages: readonly PackageWithEstimate[]) => ReactNode;
}) {
  return (
    <CatalogueGate
      codes={codes}
      countryCode={props.countryCode}
      elsewhere={props.currencySwitch}
      {...(soldWhere ? { soldWhere } : {})}
    >
      {children}
    </CatalogueGate>
  );
}

function Missing() {
  return (
    <p className="business-elsewhere" role="note">
      The licence prices are not in the catalogue right now. Write to{' '}
      <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> for a quote.
    </p>
  );
}

/** The licence pricing panel of spec §2: hardware one-time and the annual licence fee, per pin. */
function LicencePanel({ rates, props }: { rates: LicenceRates; props: BusinessPageProps }) {
  return (
    <PinPricing
      id={BUSINESS_PRICING_ANCHOR}
      title="Licence pricing"
      currency={rates.pkg.currency}
      oneTime={[{ rate: rates.hardware, label: HARDWARE_LABEL }]}
      yearly={[{ rate: rates.premium, label: LICENCE_FEE_LABEL }]}
      invite="licence"
      onBuy={buyPins(props.onBuy, rates.pkg)}
    />
  );
}

type OfferLink = { slug: LicenceSlug } | { to: (typeof BUSINESS_PATHS)['kit' | 'club' | 'opportunity'] };

const OFFER: (OfferLink & { name: string; text: string })[] = [
  {
    slug: 'premium',
    name: 'Premium licence',
    text: 'Every mode, tournaments and leaderboards, per pin per year.',
  },
  { slug: 'basic', name: 'Basic licence', text: 'Nets and quick matches, per pin per year.' },
  {
    slug: 'business-edition-game',
    name: 'Business edition game',
    text: 'The venue edition with its hardware, once per pin.',
  },
  {
    to: BUSINESS_PATHS.kit,
    name: 'Business kit',
    text: 'Two bays in one box: headsets, tracked bats, the business edition and a year of premium.',
  },
  {
    to: BUSINESS_PATHS.club,
    name: 'Club edition',
    text: 'A VR net for clubs and academies, with the pitch sensor kit.',
  },
  {
    to: BUSINESS_PATHS.opportunity,
    name: 'The business opportunity',
    text: 'What a venue earns and gets, worked out from these prices.',
  },
];

/** /business: what a venue can run, the licence pricing panel and the ad packages. */
export function BusinessPage(props: BusinessPageProps) {
  return (
    <div className="business">
      <header className="business__header">
        <p className="business__eyebrow">For venues, academies and clubs</p>
        <h1>IBC Cricket for venues</h1>
        <p className="business__lede">
          Put real cricket in VR in your arcade, mall zone, academy or club. Licence the game per pin — one
          licensed device is one pin — and we install, train your staff and keep it running.
        </p>
      </header>

      <section className="business__section" aria-labelledby="business-offer">
        <h2 id="business-offer">What you can run</h2>
        <ul className="business__cards">
          {OFFER.map((item) => (
            <li key={item.name} className="business__card">
              <h3>
                {'slug' in item ? (
                  <Link
                    to="/business-licence/$licence"
                    params={{ licence: item.slug }}
                    className="business__card-link"
                  >
                    {item.name}
                  </Link>
                ) : (
                  <Link to={item.to} className="business__card-link">
                    {item.name}
                  </Link>
                )}
              </h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <Gate codes={LICENCE_CODES} props={props}>
        {(packages) => {
          const rates = licenceRates(packages);
          if (!rates) return <Missing />;
          return (
            <>
              <LicencePanel rates={rates} props={props} />
              <p className="business__aside">
                Prefer nets and quick matches? The{' '}
                <Link to="/business-licence/$licence" params={{ licence: 'basic' }}>
                  basic licence
                </Link>{' '}
                is <Money minor={rates.basic.unitMinor} currency={rates.pkg.currency} /> per pin per year
                before GST.
              </p>
            </>
          );
        }}
      </Gate>

      <section id={AD_PACKAGES_ANCHOR} className="business__section" aria-labelledby="business-ads">
        <h2 id="business-ads">Ad packages</h2>
        <p>
          Advertisers book screen time on the VR bays of our partner venues — the IBC Cricket Arena in Mumbai
          and the IBC Experience Zone in Bengaluru to begin with. You choose the venue, its devices and the
          dates; the price is per device per day, and your ad plays between overs on every device you book.
        </p>
        <Gate
          codes={AD_PACKAGE_CODES}
          props={props}
          soldWhere="Ad packages are sold in India; choose India to see their prices in INR."
        >
          {(packages) => <AdPackageList packages={packages} />}
        </Gate>
        <p>
          Licensed venues can opt in to show these ads and earn a share of the revenue, as the{' '}
          <Link to={CONTENT_PATHS.businessLicenceTerms}>business licence terms</Link> set out. For a campaign
          longer than 90 days or on more screens, write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>

      <BuyingSteps />
    </div>
  );
}

/** Each ad package with the price of one device for one day, leading to its booking. */
function AdPackageList({ packages }: { packages: readonly PackageWithEstimate[] }) {
  return (
    <ul className="business__cards">
      {packages.map((pkg) => {
        const ad = pkg.ad_details;
        if (!ad) return null;
        return (
          <li key={pkg.package_code} className="business__card">
            <h3>{ad.venue}</h3>
            <p>
              {ad.ad_name}, {ad.devices.length} devices:{' '}
              <Money minor={toMinor(ad.cost_per_device_per_day, pkg.currency)} currency={pkg.currency} /> per
              device per day before GST.
            </p>
            <Link
              to={AD_BOOKING_PATH}
              search={{ package: pkg.package_code }}
              className="business__card-link"
              aria-label={`Book ads at ${ad.venue}`}
            >
              Book your dates
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function BuyingSteps() {
  return (
    <section className="business__section" aria-labelledby="business-steps">
      <h2 id="business-steps">How buying works</h2>
      <ol className="business__steps">
        <li>
          <Link to={INVITE_REQUEST_PATH}>Ask for an invite</Link>: tell us about your venue.
        </li>
        <li>We call you, plan the bays with you and send your invite code.</li>
        <li>Check out here with the code; the licence and kit prices include GST on the invoice.</li>
        <li>Our team installs the hardware and trains your staff, usually within two weeks.</li>
      </ol>
    </section>
  );
}

/** /business-kit: the kit's contents and price from the catalogue, bought with an invite code. */
export function BusinessKitPage(props: BusinessPageProps) {
  return (
    <div className="business">
      <header className="business__header">
        <p className="business__eyebrow">For venues</p>
        <h1>IBC business kit</h1>
        <p className="business__lede">
          Two VR cricket bays in one delivery: the headsets, the tracked bats, the business edition and the
          first year of the premium licence, installed by our team.
        </p>
      </header>
      <Gate codes={KIT_CODES} props={props}>
        {(packages) => <KitOffer pkg={packageIn(packages, PACKAGE_CODES.businessKit)} props={props} />}
      </Gate>
      <section className="business__section" aria-labelledby="kit-after">
        <h2 id="kit-after">After the first year</h2>
        <p>
          The kit includes one pin of the premium licence for its first year. From the second year you renew
          the licence per pin on the{' '}
          <Link to="/business-licence/$licence" params={{ licence: 'premium' }}>
            premium licence
          </Link>{' '}
          page, or move to the{' '}
          <Link to="/business-licence/$licence" params={{ licence: 'basic' }}>
            basic licence
          </Link>
          .
        </p>
      </section>
      <BuyingSteps />
    </div>
  );
}

function KitOffer({ pkg, props }: { pkg: PackageWithEstimate; props: BusinessPageProps }) {
  const { currency } = pkg;
  const withGst = toMinor(pkg.price_estimate.total_amount, currency);
  const beforeGst = toMinor(pkg.price, currency);
  return (
    <section className="business-offer" aria-labelledby="kit-price">
      <img src={pkg.pic_url} alt={pkg.name} width={320} height={180} className="business-offer__art" />
      <h2 id="kit-price" className="business-offer__title">
        What is in the kit
      </h2>
      <ul className="business-offer__contents">
        {pkg.products
          .filter((p) => p.quantity > 0)
          .map((product) => (
            <li key={product.product_id}>
              {product.quantity} × {product.name}
            </li>
          ))}
      </ul>
      <p className="business-offer__price">
        <Money minor={withGst} currency={currency} /> <span>with GST</span>
      </p>
      <p className="business-offer__note">
        <Money minor={beforeGst} currency={currency} /> before GST. Delivery and installation included.
      </p>
      {pkg.is_out_of_stock ? (
        <p className="business-offer__note" role="note">
          Out of stock: ask for an invite and we will hold a kit from the next batch for you.
        </p>
      ) : null}
      <div className="business-actions">
        <Button size="l" fullWidth disabled={pkg.is_out_of_stock} onClick={() => props.onBuy(pkg)}>
          Buy with an invite code
        </Button>
        <Link
          to={INVITE_REQUEST_PATH}
          search={{ product: 'business-kit' }}
          className="ui-button business-actions__invite"
          data-variant="secondary"
          data-size="l"
        >
          Ask for an invite
        </Link>
      </div>
      <p className="business-offer__note">
        The business kit is sold by invitation: the checkout asks for your code.
      </p>
    </section>
  );
}

/** /business-licence/<slug>: one licence product, with the per-pin scale of what a venue pays for it. */
export function LicencePage({ slug, ...props }: BusinessPageProps & { slug: LicenceSlug }) {
  const page = LICENCE_CONTENT[slug];
  return (
    <div className="business">
      <header className="business__header">
        <p className="business__eyebrow">Business licence</p>
        <h1>{page.heading}</h1>
        <p className="business__lede">{page.lede}</p>
      </header>
      <Gate codes={LICENCE_CODES} props={props}>
        {(packages) => {
          const rates = licenceRates(packages);
          if (!rates) return <Missing />;
          const yearly =
            page.yearlyCode === null
              ? null
              : (findRate(rates.pkg.products, page.yearlyCode, rates.pkg.currency) ?? null);
          const own = yearly ?? rates.hardware;
          return (
            <>
              <p className="business-offer__price">
                <Money minor={own.unitMinor} currency={rates.pkg.currency} />{' '}
                <span>{yearly ? 'per pin per year, before GST' : 'per pin, one-time, before GST'}</span>
              </p>
              <PinPricing
                title="Price for your venue"
                currency={rates.pkg.currency}
                oneTime={[{ rate: rates.hardware, label: HARDWARE_LABEL }]}
                yearly={yearly ? [{ rate: yearly, label: LICENCE_FEE_LABEL }] : []}
                invite="licence"
                onBuy={buyPins(props.onBuy, rates.pkg)}
              />
            </>
          );
        }}
      </Gate>
      <section className="business__section" aria-labelledby="licence-includes">
        <h2 id="licence-includes">What you get</h2>
        <ul className="business__list">
          {page.includes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          <strong>Suits:</strong> {page.suits}
        </p>
        {page.yearlyCode === null && (
          <p>
            Each pin then runs the{' '}
            <Link to="/business-licence/$licence" params={{ licence: 'premium' }}>
              premium licence
            </Link>{' '}
            or the{' '}
            <Link to="/business-licence/$licence" params={{ licence: 'basic' }}>
              basic licence
            </Link>
            , renewed every year.
          </p>
        )}
        <p>
          The <Link to={CONTENT_PATHS.businessLicenceTerms}>business licence terms</Link> cover the term,
          renewal, transfer and permitted use. Compare every option on the{' '}
          <Link to={BUSINESS_PATHS.business} hash={BUSINESS_PRICING_ANCHOR}>
            business page
          </Link>
          .
        </p>
      </section>
    </div>
  );
}

/** An example session charge for the payback sum (a venue sets its own). */
const EXAMPLE_SESSION_RUPEES = 250;

/** /business-opportunity-details: what a venue earns and gets, with the sums worked from the catalogue. */
export function BusinessOpportunityPage(props: BusinessPageProps) {
  return (
    <div className="business">
      <header className="business__header">
        <p className="business__eyebrow">For venues</p>
        <h1>The business opportunity</h1>
        <p className="business__lede">
          Cricket is what India plays and watches most, and most people never get to face a real bowler. A VR
          bay lets anyone bat against pace and spin in fifteen minutes, in a space of two metres square.
        </p>
      </header>

      <section className="business__section" aria-labelledby="opp-earn">
        <h2 id="opp-earn">How a venue earns</h2>
        <ul className="business__list">
          <li>
            <strong>Sessions.</strong> You set the price of a session and keep all of it: walk-ins, birthday
            parties and corporate team outings.
          </li>
          <li>
            <strong>Leagues and tournaments.</strong> With the premium licence you run weekly leagues with
            entry fees and a live leaderboard that brings players back.
          </li>
          <li>
            <strong>Coaching.</strong> Academies use the nets mode for batting drills when the weather or the
            light stops outdoor practice.
          </li>
          <li>
            <strong>Ads on your screens.</strong> Opt in to ad packages and earn a share of what advertisers
            pay for your devices.
          </li>
        </ul>
      </section>

      <Gate codes={LICENCE_CODES} props={props}>
        {(packages) => {
          const rates = licenceRates(packages);
          if (!rates) return <Missing />;
          const { currency } = rates.pkg;
          const scale = pinScale(1, { oneTime: [rates.hardware], yearly: [rates.premium] });
          const session = toMinor(EXAMPLE_SESSION_RUPEES, currency);
          const firstYearSessions = Math.ceil(scale.firstYearMinor / session);
          const laterSessions = Math.ceil(scale.renewalMinor / session);
          return (
            <section className="business__section" aria-labelledby="opp-sums">
              <h2 id="opp-sums">The sums for one pin</h2>
              <dl className="business-pricing__lines">
                <div className="business-pricing__line">
                  <dt>{HARDWARE_LABEL}</dt>
                  <dd>
                    <Money minor={rates.hardware.unitMinor} currency={currency} />
                  </dd>
                </div>
                <div className="business-pricing__line">
                  <dt>{LICENCE_FEE_LABEL} (premium)</dt>
                  <dd>
                    <Money minor={rates.premium.unitMinor} currency={currency} />
                  </dd>
                </div>
                <div className="business-pricing__line business-pricing__line--total">
                  <dt>First year, before GST</dt>
                  <dd>
                    <Money minor={scale.firstYearMinor} currency={currency} />
                  </dd>
                </div>
              </dl>
              <p>
                For example, at <Money minor={session} currency={currency} /> for a fifteen-minute session,
                one pin covers its first year after {firstYearSessions} sessions — about{' '}
                {Math.ceil(firstYearSessions / 365)} a day — and each later year after {laterSessions}. A busy
                bay runs twenty to thirty sessions on a weekend day.
              </p>
              <p>
                <Link to={BUSINESS_PATHS.business} hash={BUSINESS_PRICING_ANCHOR}>
                  Work out the price for your pins
                </Link>
              </p>
            </section>
          );
        }}
      </Gate>

      <section className="business__section" aria-labelledby="opp-get">
        <h2 id="opp-get">What you get from us</h2>
        <ul className="business__list">
          <li>Installation of each bay and a half-day of training for your staff.</li>
          <li>The operator app to start, time and charge sessions from one tablet.</li>
          <li>Over-the-air updates with new bowlers, grounds and game modes.</li>
          <li>Marketing material for your venue and a listing on our venue map.</li>
          <li>Support by phone (premium) or e-mail (basic), and hardware replacement in metro cities.</li>
        </ul>
        <p>
          Ready to talk? <Link to={INVITE_REQUEST_PATH}>Ask for an invite</Link> and we will call you to plan
          your bays.
        </p>
      </section>
    </div>
  );
}

export interface ClubEditionPageProps {
  /** The club edition's package card (the catalogue's, with its availability and notify-me), composed by the route. */
  packages: ReactNode;
}

/** /club-edition: the club edition for clubs and academies; its card says when it is out of stock. */
export function ClubEditionPage({ packages }: ClubEditionPageProps) {
  return (
    <div className="business">
      <header className="business__header">
        <p className="business__eyebrow">For clubs and academies</p>
        <h1>IBC club edition</h1>
        <p className="business__lede">
          A VR net for your clubhouse: members face match bowling in any weather, and coaches replay every
          ball with the pitch sensor kit.
        </p>
      </header>
      {packages}
      <section className="business__section" aria-labelledby="club-why">
        <h2 id="club-why">Why clubs choose it</h2>
        <ul className="business__list">
          <li>Net practice after dark and through the monsoon, without a bowling machine crew.</li>
          <li>Floor sensors read the batter's footwork; the sync unit drives your bowling machine.</li>
          <li>Two bays, so a pair can bat and review while the next pair pads up.</li>
          <li>Sold in India, the United Kingdom and Australia, delivered and set up by our team.</li>
        </ul>
        <p>
          This season's pitch sensor batch is sold out. Leave your e-mail or mobile number on the card and we
          will tell you as soon as the next batch is ready.
        </p>
      </section>
    </div>
  );
}
