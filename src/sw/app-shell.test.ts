import { describe, expect, it } from 'vitest';
import { APP_SHELL_PATH } from '../../contract/paths';
import { appShellUrls, buildRevision } from './app-shell';

describe('app shell', () => {
  it("prefers the server's shell and falls back to the build's index.html", () => {
    expect(appShellUrls).toEqual([APP_SHELL_PATH, '/index.html']);
  });

  it("reads the build's revision from the precached shell", () => {
    const assets = [{ url: 'assets/index-abc.js', revision: null }, 'icons/icon-192.png'];
    expect(buildRevision([...assets, { url: 'index.html', revision: 'r-index' }])).toBe('r-index');
    expect(buildRevision([...assets, { url: APP_SHELL_PATH, revision: 'r-shell' }])).toBe('r-shell');
    expect(
      buildRevision([
        { url: 'index.html', revision: 'r-index' },
        { url: APP_SHELL_PATH, revision: 'r-shell' },
      ]),
    ).toBe('r-shell');
  });

  it('changes when the shell changes, so a new build gets a new pages cache', () => {
    expect(buildRevision([{ url: 'index.html', revision: 'one' }])).not.toBe(
      buildRevision([{ url: 'index.html', revision: 'two' }]),
    );
  });
});
