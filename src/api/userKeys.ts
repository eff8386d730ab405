/** Every profile query sits under this key; the app drops them on sign-out. Kept apart so the shell imports no client. */
export const PROFILE_QUERY_KEY = ['profile'] as const;
