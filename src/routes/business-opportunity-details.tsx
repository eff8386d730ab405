import { createFileRoute } from '@tanstack/react-router';
import { BusinessOpportunityPage } from '@/features/business/BusinessPages';
import { BUSINESS_HEADS, LICENCE_CODES } from '@/features/business/pages';
import { loadBusinessPage, useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business-opportunity-details')({
  head: () => BUSINESS_HEADS.opportunity,
  loader: ({ context }) => loadBusinessPage(LICENCE_CODES, context),
  component: BusinessOpportunityRoute,
});

function BusinessOpportunityRoute() {
  return <BusinessOpportunityPage {...useBusinessProps()} />;
}
