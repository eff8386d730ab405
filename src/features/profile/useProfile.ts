import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '@/api/account';

/** The signed-in buyer's profile; with no user (signed out) nothing is fetched (spec §4). */
export function useProfile(userId: string | null) {
  return useQuery({ ...profileQuery(userId ?? ''), enabled: userId !== null && userId !== '' });
}
