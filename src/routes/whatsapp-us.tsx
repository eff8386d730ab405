import { createFileRoute } from '@tanstack/react-router';
import { WhatsAppPage } from '@/features/contact/WhatsAppPage';
import { pageTitle } from '@/lib/site';

export const Route = createFileRoute('/whatsapp-us')({
  head: () => ({
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
