import { describe, expect, it } from 'vitest';
import { watch } from '../../db/watch';
import { perVersion } from './version';

async function setup(start: number) {
  let stored = start;
  const version = watch({ read: async () => stored, intervalMs: 60_000 });
  await version.start();
  const loads: (string | undefined)[] = [];
  const value = perVersion(version, async (previous: string | undefined) => {
    loads.push(previous);
    return `loaded@${stored}`;
  });
  await value.get();
  return {
    version,
    value,
    loads,
    store: (next: number) => {
      stored = next;
    },
  };
}

describe('perVersion.advance', () => {
  it('updates the loaded value in place of a load when the write moved the version by one', async () => {
    const { version, value, loads, store } = await setup(5);
    store(6);
    value.advance(6, (previous) => `${previous}+mine`);
    expect(version.current()).toBe(6);
    expect(await value.get()).toBe('loaded@5+mine');
    expect(loads).toHaveLength(1);
    version.stop();
  });

  it('loads when another change came between, and never moves the version back', async () => {
    const { version, value, loads, store } = await setup(5);
    store(7);
    value.advance(7, (previous) => `${previous}+mine`);
    expect(await value.get()).toBe('loaded@7');
    expect(loads).toEqual([undefined, 'loaded@5']);
    // A slower write of the version before answers after: nothing changes.
    value.advance(6, (previous) => `${previous}+late`);
    expect(version.current()).toBe(7);
    expect(await value.get()).toBe('loaded@7');
    version.stop();
  });
});
