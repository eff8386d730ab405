import { createFileRoute } from '@tanstack/react-router';
import { BusinessKitPage } from '@/features/business/BusinessPages';
import { loadBusinessPage } from './-business-loader';
import { useBusinessProps } from './-business-route';

export const Route = createFileRoute('/business-kit')({
  // The page's head comes with its loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: ({ context }) => loadBusinessPage('kit', context),
  component: BusinessKitRoute,
});

function BusinessKitRoute() {
  return <BusinessKitPage {...useBusinessProps()} />;
}
