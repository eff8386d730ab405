import { createFileRoute } from '@tanstack/react-router';
import { BusinessLicenceTermsPage } from '../features/content/BusinessLicenceTermsPage';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/business-licence-terms-and-conditions')({
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Business licence terms and conditions') },
      {
        name: 'description',
        content:
          'How venues license the IBC cricket game per pin: pricing, invite codes, renewal and permitted use.',
      },
    ],
  }),
  component: BusinessLicenceTermsPage,
});
