import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadSchema } from './schemaSource';

describe('loadSchema', () => {
  it('returns a loaded schema after the task that loaded it, so the first check is not part of that task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'), 0);
    await loadSchema(async () => {
      order.push('loaded');
      return z.string();
    });
    order.push('returned');
    expect(order).toEqual(['loaded', 'task queued before', 'returned']);
  });

  it('returns a schema it was given without waiting', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'), 0);
    const schema = z.string();
    expect(await loadSchema(schema)).toBe(schema);
    order.push('returned');
    expect(order).toEqual(['returned']);
  });
});
