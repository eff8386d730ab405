import { Link } from '@tanstack/react-router';
import { CONTENT_PATHS } from '@/lib/site';
import { ContentPage, type ContentSection } from './ContentPage';

const sections: ContentSection[] = [
  {
    id: 'what-it-is',
    heading: 'What is Metaverse Superstar?',
    body: (
      <p>
        Metaverse Superstar is the IBC game’s season-long competition. Every ball you face in career mode
        counts toward your season rating, and the best batters and bowlers of each season are invited to play
        in a live final streamed from a venue running the business edition.
      </p>
    ),
  },
  {
    id: 'how-to-take-part',
    heading: 'How to take part',
    body: (
      <ol>
        <li>Play the IBC game on a home kit, the STEAM edition or at a licensed venue.</li>
        <li>Link your game profile to your IBC account with the same mobile number.</li>
        <li>Play at least 10 career-mode innings during the season to get a rating.</li>
      </ol>
    ),
  },
  {
    id: 'how-ratings-work',
    heading: 'How ratings work',
    body: (
      <>
        <p>
          Ratings weigh runs, strike rate and shot quality for batters, and wickets, economy and line and
          length for bowlers. Harder difficulty levels earn more. Each profile is rated separately, so every
          member of a family kit competes on their own.
        </p>
        <p>Ratings are recalculated every night (IST) and shown on the in-game leaderboard.</p>
      </>
    ),
  },
  {
    id: 'fair-play',
    heading: 'Fair play',
    body: (
      <p>
        One profile per person. Ratings played with modified software or by someone else are removed.
        Finalists are verified by video before the final. The general{' '}
        <Link to={CONTENT_PATHS.terms}>terms and conditions</Link> apply.
      </p>
    ),
  },
];

export function MetaverseSuperstarPage() {
  return (
    <ContentPage
      title="Metaverse Superstar"
      intro={<p>Play your season in VR. Top the leaderboard. Walk out for the live final.</p>}
      sections={sections}
    />
  );
}
