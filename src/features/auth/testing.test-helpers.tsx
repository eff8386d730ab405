import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderAt } from '@/ui/renderAt.test-helpers';
import { AuthProvider, type AuthTrack } from './AuthProvider';

export { verifyAnswer } from '@/api/user.test-helpers';

/** Renders a sign-in screen at `path` inside the auth provider (its `track` is a mock) and a memory router. */
export function renderScreen(ui: ReactNode, path: string) {
  const track = vi.fn<AuthTrack>();
  const view = renderAt(ui, path, (router) => <AuthProvider track={track}>{router}</AuthProvider>);
  return { ...view, track };
}
