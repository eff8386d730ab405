// The app shell: what a navigation to a page this worker never saw is answered with offline. Pure, tested beside.
import type { PrecacheEntry } from 'workbox-precaching';
import { APP_SHELL_PATH } from '../../contract/paths';

/** The server's shell (server-rendered, no route content), which vite.config.ts adds to the precache. */
export const appShellUrl = APP_SHELL_PATH;

const withoutLeadingSlash = (url: string) => url.replace(/^\//, '');

/**
 * The build's revision, read from the precache manifest: the shell's entry carries a hash of every precached file,
 * so it changes with every build whose assets change.
 */
export function buildRevision(manifest: ReadonlyArray<string | PrecacheEntry>): string {
  const entry = manifest.find(
    (item): item is PrecacheEntry =>
      typeof item !== 'string' && withoutLeadingSlash(item.url) === withoutLeadingSlash(appShellUrl),
  );
  if (entry?.revision) return entry.revision;
  // Not reached with this repository's build, which always precaches a shell (vite.config.ts).
  return 'unversioned';
}
