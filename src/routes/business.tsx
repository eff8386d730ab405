import { createFileRoute } from '@tanstack/react-router';
import { BusinessPage } from '@/features/business/BusinessPages';
import { businessHead, LICENCE_CODES } from '@/features/business/pages';
import { loadBusinessPage } from './-business-loader';
import { useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business')({
  head: () => businessHead('business'),
  loader: ({ context }) => loadBusinessPage(LICENCE_CODES, context),
  component: BusinessRoute,
});

function BusinessRoute() {
  return <BusinessPage {...useBusinessProps()} />;
}
