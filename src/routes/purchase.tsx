import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: the checkout's own prefix. One page, one address: /purchase moves to /checkout with its query string.
export const Route = createFileRoute('/purchase')({
  beforeLoad: ({ location }) => {
    throw redirect({ href: `/checkout${location.searchStr}`, replace: true });
  },
});
