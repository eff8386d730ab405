import { createFileRoute } from '@tanstack/react-router';
import { BusinessPage } from '@/features/business/BusinessPages';
import { loadBusinessPage } from './-business-loader';
import { useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business')({
  // The page's head comes with its loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: ({ context }) => loadBusinessPage('business', context),
  component: BusinessRoute,
});

function BusinessRoute() {
  return <BusinessPage {...useBusinessProps()} />;
}
