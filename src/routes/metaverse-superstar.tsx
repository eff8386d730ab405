import { createFileRoute } from '@tanstack/react-router';
import { MetaverseSuperstarPage } from '../features/content/MetaverseSuperstarPage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/metaverse-superstar')({
  head: () => ({
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
