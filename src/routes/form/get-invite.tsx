import type { InviteProduct } from '@contract/forms';
import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '@/features/auth/AuthProvider';
import { GetInviteForm } from '@/features/forms/GetInviteForm';
import { INVITE_PRODUCT_SEARCH, parseGetInviteSearch } from '@/lib/inviteSearch';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/form/get-invite')({
  validateSearch: parseGetInviteSearch,
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Get an invite') },
      {
        name: 'description',
        content:
          'Ask for an invite code for the IBC Cricket business licence or business kit: tell us who you are and we will be in touch.',
      },
    ],
  }),
  component: GetInviteRoute,
});

function GetInviteRoute() {
  const { product } = Route.useSearch();
  const auth = useAuth();
  const preselected: InviteProduct | undefined = product ? INVITE_PRODUCT_SEARCH[product] : undefined;
  return <GetInviteForm product={preselected} userId={auth.signedIn ? auth.userId : null} />;
}
