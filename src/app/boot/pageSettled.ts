/** How long a page waits for its paint and load before starting anyway (e.g. in a hidden tab). */
const PAGE_SETTLE_WAIT_MS = 4000;

function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    try {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      resolve();
    }
  });
}

function windowLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** The frame after the current one has been painted. */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves once the page is on screen with its images (first contentful paint, the load event, then one more frame
 * so the largest image is painted too), or after PAGE_SETTLE_WAIT_MS whatever happened.
 */
export function pageSettled(): Promise<void> {
  const settled = Promise.all([firstContentfulPaint(), windowLoaded()]).then(nextPaint);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, PAGE_SETTLE_WAIT_MS));
  return Promise.race([settled, timeout]);
}
