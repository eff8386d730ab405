import { createFileRoute } from '@tanstack/react-router';
import { DemoNotifyMePage } from '@/features/catalogue/demo/DemoNotifyMePage';
import { pageTitle } from '@/lib/site';
import { bookADemoGate } from './-book-a-demo-gate';

export const Route = createFileRoute('/book-a-demo-notify-me')({
  beforeLoad: bookADemoGate,
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
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
