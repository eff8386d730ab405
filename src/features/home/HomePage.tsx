import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CONTENT_PATHS } from '@/lib/site';
import './home.css';
import { PRODUCT_LINE } from './productLine';

const steps = [
  { title: 'Clear a 2 m square', text: 'Any room works: the headset maps your space in a minute.' },
  { title: 'Pick up the bat', text: 'The tracked bat matches your swing ball by ball, no lag.' },
  { title: 'Take guard', text: 'Face pace, spin and swing, or bowl to your family on the same kit.' },
];

export interface HomePageProps {
  /** The home kit's packages (the catalogue's product page as a section), composed by the route. */
  packages?: ReactNode;
  /** The how-it-works video banner, shown with the steps. */
  howItWorks?: ReactNode;
}

/** "/": the hero, the home kit's packages, the product line at a glance, how it works, venues. */
export function HomePage({ packages, howItWorks }: HomePageProps) {
  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <img
          className="home__hero-art"
          src="/images/hero/home-kit-hero.svg"
          alt="A batter in the IBC VR headset plays a drive in the living room while a floodlit stadium appears around them"
          width={640}
          height={360}
          fetchPriority="high"
          decoding="async"
        />
        <div className="home__hero-text">
          <p className="home__eyebrow">VR cricket at home</p>
          <h1 id="home-title">
            Real cricket. <span className="home__accent">Virtual grounds.</span>
          </h1>
          <p className="home__lede">
            Bat against real bowling in your living room with the IBC home kit, the game and a bat that feels
            like yours. Delivered across India and abroad.
          </p>
          <div className="home__actions">
            <a className="home__cta" href={packages ? '#home-kit' : '#product-line'}>
              {packages ? 'Shop the home kit' : 'See the product line'}
            </a>
            {packages && (
              <a className="home__cta home__cta--ghost" href="#product-line">
                See the product line
              </a>
            )}
            <Link className="home__cta home__cta--ghost" to={CONTENT_PATHS.help}>
              Questions? Get help
            </Link>
          </div>
        </div>
      </section>

      {packages && (
        <div id="home-kit" className="home__packages">
          {packages}
        </div>
      )}

      <section id="product-line" className="home__section" aria-labelledby="line-title">
        <h2 id="line-title">The product line at a glance</h2>
        <ul className="home__grid">
          {PRODUCT_LINE.map((entry) => (
            <li key={entry.id} className={entry.to ? 'home__card home__card--link' : 'home__card'}>
              <img src={entry.image} alt={entry.imageAlt} width={64} height={64} />
              <div>
                <h3>
                  {entry.to ? (
                    <Link to={entry.to} hash={entry.hash} className="home__card-link">
                      {entry.name}
                    </Link>
                  ) : (
                    entry.name
                  )}
                </h3>
                <p>{entry.summary}</p>
                {entry.more && (
                  <p className="home__more">
                    {entry.more.map((more) => (
                      <Link key={more.to} to={more.to} className="home__more-link">
                        {more.label}
                      </Link>
                    ))}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="home__steps">
          {steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        {howItWorks && <div className="home__how">{howItWorks}</div>}
      </section>

      <section className="home__section home__venue" aria-labelledby="venue-title">
        <h2 id="venue-title">Run a venue or a club?</h2>
        <p>
          License the game per pin, add the <Link to="/business-kit">business kit</Link> or the{' '}
          <Link to="/club-edition">club edition</Link>, and earn from ad packages between innings. See{' '}
          <Link to="/business">what venues get and pay</Link>, read the{' '}
          <Link to={CONTENT_PATHS.businessLicenceTerms}>business licence terms</Link> or see the{' '}
          <Link to={CONTENT_PATHS.metaverseSuperstar}>Metaverse Superstar</Link> season.
        </p>
      </section>
    </div>
  );
}
