import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: pageTitle('VR cricket kit, game and bats') },
      {
        name: 'description',
        content:
          'Play real cricket in VR at home: the IBC home kit, the game, game plus bat and custom designed bats, in INR across India and USD abroad.',
      },
    ],
  }),
  component: HomePage,
});
