import { createFileRoute } from '@tanstack/react-router';
import { BusinessOpportunityPage } from '@/features/business/BusinessPages';
import { businessHead, LICENCE_CODES } from '@/features/business/pages';
import { loadBusinessPage } from './-business-loader';
import { useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business-opportunity-details')({
  head: () => businessHead('opportunity'),
  loader: ({ context }) => loadBusinessPage(LICENCE_CODES, context),
  component: BusinessOpportunityRoute,
});

function BusinessOpportunityRoute() {
  return <BusinessOpportunityPage {...useBusinessProps()} />;
}
