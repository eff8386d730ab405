import { createFileRoute } from '@tanstack/react-router';
import { BookADemoPage } from '@/features/catalogue/demo/BookADemoPage';
import { pageTitle } from '@/lib/site';
import { bookADemoGate } from './-book-a-demo-gate';

export const Route = createFileRoute('/book-a-demo')({
  beforeLoad: bookADemoGate,
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Book a demo') },
      {
        name: 'description',
        content: 'Try IBC Cricket at your venue, club, school or home: book a demo with our team.',
      },
    ],
  }),
  component: () => <BookADemoPage />,
});
