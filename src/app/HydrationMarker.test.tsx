import { act, Suspense, startTransition, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrationMarker } from './HydrationMarker';

/*
 * The router renders each page inside a Suspense boundary; React hydrates such a boundary after the rest of the
 * app, in a later commit. The marker must report only once that page is live.
 */

const order: string[] = [];

function Page() {
  useLayoutEffect(() => {
    order.push('page hydrated');
  }, []);
  return <p>The page</p>;
}

function Shell() {
  useLayoutEffect(() => {
    order.push('shell hydrated');
  }, []);
  return <header>Shell</header>;
}

function App({ onHydrated }: { onHydrated?: () => void }) {
  return (
    <>
      <Shell />
      <Suspense fallback={null}>
        <Page />
      </Suspense>
      <HydrationMarker onHydrated={onHydrated} />
    </>
  );
}

afterEach(() => {
  order.length = 0;
  document.body.innerHTML = '';
});

describe('HydrationMarker', () => {
  it('reports after the Suspense boundaries of a prerendered page are hydrated, not with the shell', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<App />);
    document.body.append(container);
    await act(async () => {
      startTransition(() => {
        hydrateRoot(container, <App onHydrated={() => order.push('marker')} />);
      });
    });
    expect(order).toEqual(['shell hydrated', 'page hydrated', 'marker']);
    expect(container.querySelector('p')?.textContent).toBe('The page');
  });

  it('reports at the first commit of an app rendered in the browser', async () => {
    const { createRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<App onHydrated={() => order.push('marker')} />);
    });
    expect(order.at(-1)).toBe('marker');
    expect(order).toContain('page hydrated');
  });
});
