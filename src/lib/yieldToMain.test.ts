import { describe, expect, it } from 'vitest';
import { importInSteps } from './yieldToMain';

describe('importInSteps', () => {
  it('runs each step in a task of its own, in order', async () => {
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(name);
    };
    setTimeout(() => log.push('other task'), 0);
    await importInSteps([step('first'), step('second')]);
    // The task queued before the steps ran between them: the first step's task ended before the second began.
    expect(log).toEqual(['first', 'other task', 'second']);
  });

  it('passes over a step that fails and goes on with the rest', async () => {
    const log: string[] = [];
    await expect(
      importInSteps([
        () => Promise.reject(new Error('chunk failed to load')),
        async () => {
          log.push('after');
        },
      ]),
    ).resolves.toBeUndefined();
    expect(log).toEqual(['after']);
  });
});
