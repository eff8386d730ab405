import { createFileRoute } from '@tanstack/react-router';
import { BusinessKitPage } from '@/features/business/BusinessPages';
import { businessHead, KIT_CODES } from '@/features/business/pages';
import { loadBusinessPage } from './-business-loader';
import { useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business-kit')({
  head: () => businessHead('kit'),
  loader: ({ context }) => loadBusinessPage(KIT_CODES, context),
  component: BusinessKitRoute,
});

function BusinessKitRoute() {
  return <BusinessKitPage {...useBusinessProps()} />;
}
