import { SUPPORT_EMAIL } from '@/lib/site';
import { ContentPage, type ContentSection } from './ContentPage';

/** Quotes from players who took part in our open playtest sessions. */
const testimonials = [
  {
    quote:
      'I bowled to my son for an hour in our living room and neither of us wanted to stop. The bat feels like a real bat.',
    name: 'Ramesh',
    detail: 'Family kit, Pune',
  },
  {
    quote:
      'Facing 140 km/h in VR is terrifying in the best way. My footwork against the short ball has genuinely improved.',
    name: 'Aditi',
    detail: 'Game plus bat, Chennai',
  },
  {
    quote:
      'We put two pins in our arcade and the cricket bay is now the busiest corner of the floor on weekends.',
    name: 'Harpreet',
    detail: 'Business licence, Ludhiana',
  },
  {
    quote: 'Set-up took ten minutes. Our under-14s use it for shot selection drills when it rains.',
    name: 'Coach Joseph',
    detail: 'Club edition, Kochi',
  },
];

const sections: ContentSection[] = [
  {
    id: 'our-story',
    heading: 'Our story',
    body: (
      <>
        <p>
          IBC Cricket started with a simple question: why should cricket stop when the nets are full, the
          ground is wet or the sun has set? We built a VR game that puts you at the crease against real
          bowling, and a sensor-tracked bat that swings, weighs and feels like the one in your kit bag.
        </p>
        <p>
          Today the home kit, the game and our custom designed bats are played in living rooms across India
          and abroad, and venues run the business edition for their customers.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-make',
    heading: 'What we make',
    body: (
      <ul>
        <li>
          <strong>The home kit</strong> — headset, tracked bat and the game, in solo and family sizes.
        </li>
        <li>
          <strong>The game</strong> — one or five player profiles, and a STEAM edition for PC VR.
        </li>
        <li>
          <strong>Bats</strong> — the game plus bat bundle, and a custom designed bat built to your grip and
          weight.
        </li>
        <li>
          <strong>For venues</strong> — business licences, the business kit, the club edition and ad packages.
        </li>
      </ul>
    ),
  },
  {
    id: 'testimonials',
    heading: 'What players say',
    body: (
      <ul className="quote-list">
        {testimonials.map((t) => (
          <li key={t.name}>
            <figure className="quote-card">
              <blockquote>
                <p>“{t.quote}”</p>
              </blockquote>
              <figcaption>
                <strong>{t.name}</strong> — {t.detail}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'in-the-media',
    heading: 'In the media',
    body: (
      <>
        <p>
          Journalists, creators and event organisers are welcome to try the kit. We lend review units, arrange
          interviews with our founders and provide product photography and B-roll.
        </p>
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}?subject=Media%20enquiry`}>{SUPPORT_EMAIL}</a> with “Media
          enquiry” in the subject and we will reply within one working day.
        </p>
      </>
    ),
  },
];

export function AboutUsPage() {
  return (
    <ContentPage
      title="About us"
      intro={<p>We make cricket you can play anywhere — real technique, real bats, virtual grounds.</p>}
      sections={sections}
    />
  );
}
