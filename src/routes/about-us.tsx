import { createFileRoute } from '@tanstack/react-router';
import { AboutUsPage } from '../features/content/AboutUsPage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/about-us')({
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('About us') },
      {
        name: 'description',
        content:
          'The story of IBC Cricket, what players say about the VR cricket kit and how to reach us for media enquiries.',
      },
    ],
  }),
  component: AboutUsPage,
});
