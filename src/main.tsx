// Must stay the first import: it configures zod before any schema is built.
import './lib/zod-csp';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './app/pwa/registerServiceWorker';
import { createQueryClient } from './app/queryClient';
import { routeTree } from './routeTree.gen';
import './ui/global.css';

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  // Spec §2: trailing slashes are removed (the server also redirects /about-us/ to /about-us).
  trailingSlash: 'never',
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

registerServiceWorker();
