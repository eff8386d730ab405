import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/queryClient';
import { routeTree } from '../routeTree.gen';
import { SHOP_ROUTER_OPTIONS } from './routerOptions';

const publicDir = path.resolve(import.meta.dirname, '../../public');

interface Manifest {
  shortcuts: { name: string; url: string; icons: { src: string }[] }[];
}

const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as Manifest;

/** The route the shop shows for a path, before any session redirect (beforeLoad) runs. */
function routeFor(path: string) {
  const router = createRouter({
    routeTree,
    context: { queryClient: createQueryClient(), countryCode: () => 'IN' },
    history: createMemoryHistory({ initialEntries: [path] }),
    ...SHOP_ROUTER_OPTIONS,
  });
  return router.matchRoutes(router.state.location).at(-1);
}

describe('the manifest shortcuts', () => {
  it('open real pages of the shop, each with its icon', () => {
    expect(manifest.shortcuts.length).toBeGreaterThan(0);
    for (const shortcut of manifest.shortcuts) {
      const match = routeFor(shortcut.url);
      expect(match?.routeId, shortcut.name).not.toBe('__root__');
      for (const icon of shortcut.icons)
        expect(existsSync(path.join(publicDir, icon.src)), icon.src).toBe(true);
    }
  });

  it('would catch a shortcut to a page that does not exist', () => {
    expect(routeFor('/no-such-page')?.routeId).toBe('__root__');
  });

  it('include My orders', () => {
    expect(manifest.shortcuts.find((s) => s.url === '/my-orders')?.name).toBe('My orders');
    expect(routeFor('/my-orders')?.routeId).toBe('/my-orders');
  });
});
