import { createFileRoute, notFound } from '@tanstack/react-router';
import { LicencePage } from '@/features/business/BusinessPages';
import { businessHead, isLicenceSlug, LICENCE_CODES } from '@/features/business/pages';
import { loadBusinessPage } from '../-business-loader';
import { useBusinessProps } from '../-business-route';

export const Route = createFileRoute('/business-licence/$licence')({
  // An unknown licence is the not-found page (and a 404 from the server).
  beforeLoad: ({ params }) => {
    if (!isLicenceSlug(params.licence)) throw notFound();
  },
  head: ({ params }) => (isLicenceSlug(params.licence) ? businessHead(params.licence) : {}),
  loader: ({ context }) => loadBusinessPage(LICENCE_CODES, context),
  component: LicenceRoute,
});

function LicenceRoute() {
  const { licence } = Route.useParams();
  const props = useBusinessProps();
  return isLicenceSlug(licence) ? <LicencePage slug={licence} {...props} /> : null;
}
