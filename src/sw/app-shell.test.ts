import { describe, expect, it } from 'vitest';
import { APP_SHELL_PATH } from '../../contract/paths';
import { appShellUrl, buildRevision } from './app-shell';

describe('app shell', () => {
  it("is the server's shell", () => {
    expect(appShellUrl).toBe(APP_SHELL_PATH);
  });

  it("reads the build's revision from the precached shell", () => {
    const assets = [{ url: 'assets/index-abc.js', revision: null }, 'icons/icon-192.png'];
    expect(buildRevision([...assets, { url: APP_SHELL_PATH, revision: 'r-shell' }])).toBe('r-shell');
    expect(buildRevision([...assets, { url: APP_SHELL_PATH.slice(1), revision: 'r-shell' }])).toBe('r-shell');
  });

  it('changes when the shell changes, so a new build gets a new pages cache', () => {
    expect(buildRevision([{ url: APP_SHELL_PATH, revision: 'one' }])).not.toBe(
      buildRevision([{ url: APP_SHELL_PATH, revision: 'two' }]),
    );
  });
});
