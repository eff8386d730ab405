import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The boot over a server-rendered page, with the app itself stood in for: what a buyer notices is that the page
 * answers input while the shop starts, and that a tap made before it is live is not lost.
 */

const started = vi.hoisted(() => ({ log: [] as string[], onLive: () => {} }));
const step = (name: string) => {
  started.log.push(name);
  return {};
};

vi.mock('./pageSettled', () => ({ pageSettled: async () => {} }));
vi.mock('react-dom/client', () => step('react-dom'));
vi.mock('./routerLibrary', () => step('router'));
vi.mock('./queryLibrary', () => step('query'));
vi.mock('./stateLibrary', () => step('state'));
vi.mock('./startApp', () => ({
  sendRequestsInTasksOfTheirOwn: () => {},
  openDeviceDatabase: () => step('database'),
  registerServiceWorker: () => step('service worker'),
  createApp: (onLive: () => void) => {
    step('app');
    started.onLive = onLive;
    return {
      createRouter: () => {
        step('router built');
        return {
          firstSteps: () => [async () => step('page code')],
          hydrate: () => {
            step('hydrate');
            // The live page replaces the server's markup with controls that act.
            const root = document.getElementById('root');
            if (!root) return;
            root.innerHTML =
              '<button type="button">Add to cart</button><button type="button">Buy now</button>';
            for (const button of root.querySelectorAll('button'))
              button.addEventListener('click', () => started.log.push(`live tap: ${button.textContent}`));
            started.onLive();
          },
        };
      },
    };
  },
}));

const { boot } = await import('./order');

beforeEach(() => {
  started.log.length = 0;
  document.body.innerHTML =
    '<div id="root"><button type="button">Add to cart</button><button type="button">Buy now</button></div>';
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** Queues a stand-in for input (a task) again and again until `done`, logging each time it gets the thread. */
function inputWhile(done: Promise<unknown>): void {
  let running = true;
  void done.finally(() => {
    running = false;
  });
  const tick = () => {
    if (!running) return;
    started.log.push('input');
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
}

describe('boot', () => {
  it('answers input between every two steps of the start', async () => {
    const booting = boot();
    inputWhile(booting);
    await booting;
    const steps = started.log.filter((entry) => entry !== 'input');
    expect(steps).toContain('hydrate');
    started.log.forEach((entry, i) => {
      if (entry !== 'input' && i > 0) expect(started.log[i - 1], `before ${entry}`).toBe('input');
    });
  });

  it("hydrates once the page's code is in, so hydration does not wait for it in one long task", async () => {
    await boot();
    expect(started.log.indexOf('page code')).toBeLessThan(started.log.indexOf('hydrate'));
  });

  it("hands a tap on a server-rendered button, made before the shop is live, to that button's live self once", async () => {
    const booting = boot();
    const serverButton = document.querySelectorAll('button')[1];
    const unhandled = serverButton?.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true }),
    );
    expect(unhandled).toBe(false);
    await booting;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started.log.filter((entry) => entry.startsWith('live tap'))).toEqual(['live tap: Buy now']);
    document.querySelectorAll('button')[0]?.click();
    expect(started.log.filter((entry) => entry.startsWith('live tap'))).toEqual([
      'live tap: Buy now',
      'live tap: Add to cart',
    ]);
  });
});
