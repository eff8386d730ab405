import { createFileRoute } from '@tanstack/react-router';
import { MetaverseSuperstarPage } from '../features/content/MetaverseSuperstarPage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/metaverse-superstar')({
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Metaverse Superstar') },
      {
        name: 'description',
        content:
          'The IBC game season competition: play career mode in VR, earn a rating and reach the live final.',
      },
    ],
  }),
  component: MetaverseSuperstarPage,
});
