// Test helper: a controllable window.matchMedia that understands max-width/min-width queries.
import { vi } from 'vitest';

type Listener = (event: MediaQueryListEvent) => void;

export function mockViewport(initialWidth: number) {
  let width = initialWidth;
  const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();

  const evaluate = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    if (max?.[1]) return width <= Number(max[1]);
    if (min?.[1]) return width >= Number(min[1]);
    return false; // e.g. prefers-reduced-motion
  };

  const matchMedia = vi.fn((query: string): MediaQueryList => {
    const entry = { query, listeners: new Set<Listener>(), last: evaluate(query) };
    lists.add(entry);
    return {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, l: Listener) => entry.listeners.add(l),
      removeEventListener: (_: string, l: Listener) => entry.listeners.delete(l),
      addListener: (l: Listener) => entry.listeners.add(l),
      removeListener: (l: Listener) => entry.listeners.delete(l),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  });
  vi.stubGlobal('matchMedia', matchMedia);

  return {
    resize(next: number) {
      width = next;
      for (const entry of lists) {
        const now = evaluate(entry.query);
        if (now === entry.last) continue;
        entry.last = now;
        for (const l of entry.listeners) l({ matches: now, media: entry.query } as MediaQueryListEvent);
      }
    },
    restore() {
      vi.unstubAllGlobals();
    },
  };
}
