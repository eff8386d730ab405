import { createFileRoute, notFound } from '@tanstack/react-router';
import { LicencePage } from '@/features/business/BusinessPages';
import { isLicenceSlug } from '@/features/business/licenceSlugs';
import { loadBusinessPage } from '../-business-loader';
import { useBusinessProps } from '../-business-route';

export const Route = createFileRoute('/business-licence/$licence')({
  // An unknown licence is the not-found page (and a 404 from the server).
  beforeLoad: ({ params }) => {
    if (!isLicenceSlug(params.licence)) throw notFound();
  },
  // The page's head comes with its loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: ({ context, params }) =>
    isLicenceSlug(params.licence) ? loadBusinessPage(params.licence, context) : {},
  component: LicenceRoute,
});

function LicenceRoute() {
  const { licence } = Route.useParams();
  const props = useBusinessProps();
  return isLicenceSlug(licence) ? <LicencePage slug={licence} {...props} /> : null;
}
