import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { AppLayout } from '../app/AppLayout';
import { NotFoundPage } from '../app/NotFoundPage';
import { RouteErrorView } from '../app/RouteErrorView';
import { MaintenanceGate } from '../features/maintenance/MaintenanceGate';
import { pageTitle } from '../lib/site';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: pageTitle('VR cricket kit, game and bats') }] }),
  component: RootComponent,
  notFoundComponent: () => {
    return <NotFoundPage />;
  },
  errorComponent: RouteErrorView,
});

function RootComponent() {
  return (
    <>
      <HeadContent />
      <MaintenanceGate>
        <AppLayout>
          <Outlet />
        </AppLayout>
      </MaintenanceGate>
    </>
  );
}
