import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { removeCookie } from '@/api/cookies';
import { resetReachability } from '@/api/online';

// findBy/waitFor wait for what a test needs: on a shared 2-core machine a lazy chunk can take over the 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  resetReachability();
});

// vitest's VM pool keeps one module registry per worker: without this, a file would share the stores and caches
// (e.g. the buyer's zone, read once) that the files before it left, and see the instances their vi.resetModules()
// imported.
afterAll(() => {
  vi.resetModules();
});

// Each test file starts from an empty browser: in vitest's VM pool a file can find cookies and storage that a file
// run before it in the same worker left behind.
// (A file that runs in the node environment, e.g. a server render, has no browser to empty.)
if (typeof document !== 'undefined') {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) removeCookie(decodeURIComponent(name));
  }
  localStorage.clear();
  sessionStorage.clear();
  // A fresh IndexedDB too: connections that an earlier file's (now reset) modules left open would block its upgrades.
  globalThis.indexedDB = new IDBFactory();

  // jsdom lays nothing out, so it lacks what Ark UI's positioning and list scrolling call; they have no effect here.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollTo ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}
