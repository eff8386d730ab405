import { createFileRoute } from '@tanstack/react-router';
import { DemoAvailabilityPage } from '@/features/catalogue/demo/DemoAvailabilityPage';
import { pageTitle } from '@/lib/site';
import { bookADemoGate } from './-book-a-demo-gate';

export const Route = createFileRoute('/book-a-demo-availability-check')({
  beforeLoad: bookADemoGate,
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Can we bring a demo to you?') },
      { name: 'description', content: 'Check whether an IBC Cricket demo is possible at your pincode.' },
    ],
  }),
  component: () => <DemoAvailabilityPage />,
});
