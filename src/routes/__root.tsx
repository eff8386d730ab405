import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppLayout } from '../app/AppLayout';
import { HydrationMarker } from '../app/HydrationMarker';
import { NotFoundPage } from '../app/NotFoundPage';
import { RouteErrorView } from '../app/RouteErrorView';
import { MaintenanceGate } from '../features/maintenance/MaintenanceGate';
import { pageTitle } from '../lib/site';

export interface RouterContext {
  queryClient: QueryClient;
  /** The country the catalogue is read for (the request's on the server, the buyer's choice in the browser). */
  countryCode: () => string;
}

const DESCRIPTION =
  'Play real cricket in VR at home: the IBC home kit, the game, the game plus bat bundle and custom designed bats, shipped across India and abroad.';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({
    meta: [
      { charSet: 'UTF-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      { title: pageTitle('VR cricket kit, game and bats') },
      { name: 'description', content: DESCRIPTION },
      { name: 'theme-color', content: '#0b1020' },
      { name: 'color-scheme', content: 'dark' },
    ],
    links: [
      { rel: 'manifest', href: '/manifest.webmanifest' },
      { rel: 'icon', href: '/icons/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootComponent,
  notFoundComponent: () => {
    return <NotFoundPage />;
  },
  errorComponent: RouteErrorView,
});

/** The document around every page, rendered on the server and adopted (hydrated) by the browser. */
function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-theme="dark">
      <head>
        <HeadContent />
      </head>
      <body>
        <div id="root">
          {children}
          <HydrationMarker />
        </div>
        <Scripts />
      </body>
    </html>
  );
}

function RootComponent() {
  return (
    <MaintenanceGate>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </MaintenanceGate>
  );
}
