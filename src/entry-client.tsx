import './ui/global.css';
import { yieldToMain } from './lib/yieldToMain';

/*
 * The first script only decides when the app starts. The server sends every page rendered (src/entry-server.tsx):
 * a phone shows it from the HTML and CSS alone, and its links already work. The app's modules are fetched once the
 * page has loaded and painted, so they do not compete with the stylesheets and the largest image, and run in steps,
 * each in a task of its own, so the page keeps answering taps while it comes alive.
 */

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
 * Resolves once the page is on screen with its images (first contentful paint, the load event, then
 * one more frame so the largest image is painted too), or after PAGE_SETTLE_WAIT_MS whatever happened.
 */
function pageSettled(): Promise<void> {
  const settled = Promise.all([firstContentfulPaint(), windowLoaded()]).then(nextPaint);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, PAGE_SETTLE_WAIT_MS));
  return Promise.race([settled, timeout]);
}

/** The controls a tap acts on once the app runs: buttons, and the radios and checkboxes of a choice. */
const HELD_CONTROLS = 'button, input[type="radio"], input[type="checkbox"]';

/** What tells a control from the others: a button's label, an input's name and value. */
function keyOf(control: Element): string {
  if (control instanceof HTMLInputElement) return `${control.name}=${control.value}`;
  return control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
}

/**
 * A server-rendered control does nothing until the app runs (a radio would even change on screen only for the app
 * to undo it). Holds the last tap on one and, once the live page is on screen, taps the live control with the same
 * key in the same position, so a quick buyer's tap is not lost. Links need no help: they navigate as plain links.
 * Returns the function that replays the tap.
 */
function holdEarlyTaps(root: HTMLElement): () => void {
  let held: { key: string; index: number } | null = null;
  const controlsWith = (key: string) =>
    [...root.querySelectorAll(HELD_CONTROLS)].filter((c) => keyOf(c) === key);
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest(HELD_CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    const key = keyOf(control);
    held = { key, index: controlsWith(key).indexOf(control) };
  };
  document.addEventListener('click', onClick, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    const tap = held;
    if (tap) setTimeout(() => (controlsWith(tap.key)[tap.index] as HTMLElement | undefined)?.click(), 0);
  };
}

async function boot() {
  const root = document.getElementById('root');
  if (!root) return;
  const replayTaps = holdEarlyTaps(root);
  await pageSettled();
  // The largest libraries each evaluate in a task of their own before the app that uses them.
  await import('react-dom/client');
  await yieldToMain();
  await import('./app/routerStep');
  await yieldToMain();
  await import('./app/queryStep');
  await yieldToMain();
  await import('./app/stateStep');
  await yieldToMain();
  const { startApp } = await import('./app/startApp');
  await yieldToMain();
  await startApp(replayTaps);
}

void boot();
