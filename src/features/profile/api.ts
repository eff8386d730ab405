import { profileResponseSchema } from '@contract/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { PROFILE_QUERY_KEY } from './keys';
import { toClientProfile } from './model';

export { PROFILE_QUERY_KEY };

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: [...PROFILE_QUERY_KEY, userId] as const,
    queryFn: async ({ signal }) => {
      const { profile } = await apiRequest({
        service: 'user',
        path: '/profile/v1/',
        auth: 'main',
        signal,
        schema: profileResponseSchema,
      });
      return toClientProfile(profile);
    },
    staleTime: 5 * 60_000,
  });

/** The signed-in buyer's profile; with no user (signed out) nothing is fetched (spec §4). */
export function useProfile(userId: string | null) {
  return useQuery({ ...profileQuery(userId ?? ''), enabled: userId !== null && userId !== '' });
}
