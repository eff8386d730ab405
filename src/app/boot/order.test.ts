import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The boot over a server-rendered page, with the app itself stood in for: what a buyer notices is that the page
 * answers input while the shop starts, and that a tap made before it is live is not lost.
 */

const started = vi.hoisted(() => ({ log: [] as string[], onLive: () => {}, pageCodeIn: false }));
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
          firstSteps: () => [
            async () => {
              started.pageCodeIn = true;
              return step('page code');
            },
          ],
          hydrate: () => {
            step('hydrate');
            // Without the page's code the page suspends: the server's markup stays, and nothing on it acts yet.
            if (!started.pageCodeIn) return;
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
  started.pageCodeIn = false;
  document.body.innerHTML =
    '<div id="root"><button type="button">Add to cart</button><button type="button">Buy now</button></div>';
});

afterEach(() => {
  document.body.innerHTML = '';
});

const liveTaps = () => started.log.filter((entry) => entry.startsWith('live tap'));

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

  it("is live once it has started: the page's code is in before hydration, which does not wait for it", async () => {
    await boot();
    document.querySelectorAll('button')[0]?.click();
    expect(liveTaps()).toEqual(['live tap: Add to cart']);
  });

  it("hands a tap on a server-rendered button, made before the shop is live, to that button's live self once", async () => {
    const booting = boot();
    const serverButton = document.querySelectorAll('button')[1];
    const unhandled = serverButton?.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true }),
    );
    expect(unhandled).toBe(false);
    await booting;
    await vi.waitFor(() => expect(liveTaps()).toEqual(['live tap: Buy now']));
    document.querySelectorAll('button')[0]?.click();
    // The held tap was handed over once: the next tap is the only other one the live page got.
    expect(liveTaps()).toEqual(['live tap: Buy now', 'live tap: Add to cart']);
  });
});
