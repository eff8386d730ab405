import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ErrorView } from '../ui/ErrorView';

/**
 * A route's code that failed to download: browsers keep a failed module import in their module map (as the HTML
 * spec says), so importing it again fails again without asking the network; only a new document loads it.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

/** Shown when a route fails to load or render; retry reloads the route's data and re-renders. */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <ErrorView
      onRetry={() => {
        if (isChunkLoadError(error)) {
          window.location.reload();
          return;
        }
        reset();
        void router.invalidate();
      }}
    />
  );
}
