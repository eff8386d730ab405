import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/content/PrivacyPage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/privacy-policy')({
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Privacy policy') },
      {
        name: 'description',
        content:
          'What data IBC Cricket collects, why, who it is shared with, how long it is kept and your rights.',
      },
    ],
  }),
  component: PrivacyPage,
});
