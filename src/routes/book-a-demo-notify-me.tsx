import { createFileRoute } from '@tanstack/react-router';
import { DemoNotifyMePage } from '@/features/catalogue/demo/DemoNotifyMePage';
import { pageTitle } from '@/lib/site';
import { bookADemoGate } from './-book-a-demo-gate';

export const Route = createFileRoute('/book-a-demo-notify-me')({
  beforeLoad: bookADemoGate,
  head: () => ({
    meta: [
      { title: pageTitle('Be told when demos open') },
      {
        name: 'description',
        content: 'Leave an e-mail id or a mobile number to be told when IBC Cricket demos open near you.',
      },
    ],
  }),
  component: () => <DemoNotifyMePage />,
});
