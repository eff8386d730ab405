import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/content/HelpPage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/help')({
  head: () => ({
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
