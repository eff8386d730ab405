import { act, Suspense, startTransition, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrationMarker } from './HydrationMarker';

/*
 * The router renders each page inside a Suspense boundary; React hydrates such a boundary after the rest of the
 * app, in a later commit. The marker must report only once that page is live.
 */

const page = { live: false };

function Page() {
  useLayoutEffect(() => {
    page.live = true;
  }, []);
  return <p>The page</p>;
}

function App({ onHydrated }: { onHydrated?: () => void }) {
  return (
    <>
      <header>Shell</header>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
      <HydrationMarker onHydrated={onHydrated} />
    </>
  );
}

/** Whether the page was live at each report of the marker. */
const reports: boolean[] = [];
const report = () => reports.push(page.live);

afterEach(() => {
  page.live = false;
  reports.length = 0;
  document.body.innerHTML = '';
});

describe('HydrationMarker', () => {
  it('reports once, after the Suspense boundaries of a prerendered page are hydrated, not with the shell', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<App />);
    document.body.append(container);
    await act(async () => {
      startTransition(() => {
        hydrateRoot(container, <App onHydrated={report} />);
      });
    });
    expect(reports).toEqual([true]);
    expect(container).toHaveTextContent('ShellThe page');
  });

  it('reports once, at the first commit of an app rendered in the browser', async () => {
    const { createRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<App onHydrated={report} />);
    });
    expect(reports).toEqual([true]);
  });
});
