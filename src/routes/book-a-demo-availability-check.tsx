import { createFileRoute } from '@tanstack/react-router';
import { DemoAvailabilityPage } from '@/features/catalogue/demo/DemoAvailabilityPage';
import { pageTitle } from '@/lib/site';
import { bookADemoGate } from './-book-a-demo-gate';

export const Route = createFileRoute('/book-a-demo-availability-check')({
  beforeLoad: bookADemoGate,
  head: () => ({
    meta: [
      { title: pageTitle('Can we bring a demo to you?') },
      { name: 'description', content: 'Check whether an IBC Cricket demo is possible at your pincode.' },
    ],
  }),
  component: () => <DemoAvailabilityPage />,
});
