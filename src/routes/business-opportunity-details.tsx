import { createFileRoute } from '@tanstack/react-router';
import { BusinessOpportunityPage } from '@/features/business/BusinessPages';
import { loadBusinessPage } from './-business-loader';
import { useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business-opportunity-details')({
  // The page's head comes with its loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: ({ context }) => loadBusinessPage('opportunity', context),
  component: BusinessOpportunityRoute,
});

function BusinessOpportunityRoute() {
  return <BusinessOpportunityPage {...useBusinessProps()} />;
}
