import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ErrorView } from '../ui/ErrorView';

/** Shown when a route fails to load or render; retry reloads the route's data and re-renders. */
export function RouteErrorView({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <ErrorView
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
