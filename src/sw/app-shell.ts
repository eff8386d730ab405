// The app shell: what a navigation to a page this worker never saw is answered with offline. Pure, tested beside.
import type { PrecacheEntry } from 'workbox-precaching';
import { APP_SHELL_PATH } from '../../contract/paths';

/**
 * In order of preference: the server's shell (APP_SHELL_PATH, server-rendered, no route content), then the
 * build's index.html while the build still emits one. vite.config.ts precaches exactly one of them.
 */
export const appShellUrls: readonly string[] = [APP_SHELL_PATH, '/index.html'];

const withoutLeadingSlash = (url: string) => url.replace(/^\//, '');

/**
 * The build's revision, read from the precache manifest: the shell's revision changes with every build whose
 * assets change (index.html names the hashed entry; the /app-shell entry carries a hash of every precached file).
 */
export function buildRevision(manifest: ReadonlyArray<string | PrecacheEntry>): string {
  for (const shell of appShellUrls) {
    const entry = manifest.find(
      (item): item is PrecacheEntry =>
        typeof item !== 'string' && withoutLeadingSlash(item.url) === withoutLeadingSlash(shell),
    );
    if (entry?.revision) return entry.revision;
  }
  // Not reached with this repository's build, which always precaches a shell (vite.config.ts).
  return 'unversioned';
}
