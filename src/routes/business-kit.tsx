import { createFileRoute } from '@tanstack/react-router';
import { BusinessKitPage } from '@/features/business/BusinessPages';
import { BUSINESS_HEADS, KIT_CODES } from '@/features/business/pages';
import { loadBusinessPage, useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business-kit')({
  head: () => BUSINESS_HEADS.kit,
  loader: ({ context }) => loadBusinessPage(KIT_CODES, context),
  component: BusinessKitRoute,
});

function BusinessKitRoute() {
  return <BusinessKitPage {...useBusinessProps()} />;
}
