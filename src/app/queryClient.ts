import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Phones drop connections: retry twice, then show the error view with its retry button.
        retry: 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
