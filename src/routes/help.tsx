import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/content/HelpPage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/help')({
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Help') },
      {
        name: 'description',
        content:
          'Answers on payment, no-cost EMI, delivery, game keys, setting up the VR kit and using the shop offline.',
      },
    ],
  }),
  component: HelpPage,
});
