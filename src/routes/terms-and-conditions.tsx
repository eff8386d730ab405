import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/content/TermsPage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/terms-and-conditions')({
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Terms and conditions') },
      {
        name: 'description',
        content:
          'The terms for buying the IBC home kit, game, bats and business products: prices, payment, delivery and returns.',
      },
    ],
  }),
  component: TermsPage,
});
