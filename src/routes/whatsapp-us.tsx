import { createFileRoute } from '@tanstack/react-router';
import { WhatsAppPage } from '@/features/contact/WhatsAppPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/whatsapp-us')({
  // The head (its description) comes with the loader, split from the first load with the page.
  codeSplitGroupings: [['loader', 'component']],
  head: ({ loaderData }) => loaderData ?? {},
  loader: () => ({
    meta: [
      { title: pageTitle('Chat with us on WhatsApp') },
      {
        name: 'description',
        content: 'Chat with IBC Cricket on WhatsApp, or call, text or e-mail us if you do not have it.',
      },
    ],
  }),
  component: () => <WhatsAppPage />,
});
