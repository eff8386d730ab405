import { createFileRoute } from '@tanstack/react-router';
import { BusinessPage } from '@/features/business/BusinessPages';
import { BUSINESS_HEADS, LICENCE_CODES } from '@/features/business/pages';
import { loadBusinessPage, useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business')({
  head: () => BUSINESS_HEADS.business,
  loader: ({ context }) => loadBusinessPage(LICENCE_CODES, context),
  component: BusinessRoute,
});

function BusinessRoute() {
  return <BusinessPage {...useBusinessProps()} />;
}
