import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createResponseMemo } from './response-memo';

const schema = z.object({ name: z.string(), amount: z.number() });

describe('response memo', () => {
  it('computes and serialises an answer once per version and key, as bytes', async () => {
    let version: number | undefined = 1;
    const memo = createResponseMemo({ current: () => version });
    const compute = vi.fn(async () => ({ name: 'bat', amount: 100 }));
    const first = await memo.json('a', schema, compute);
    const second = await memo.json('a', schema, compute);
    expect(second).toBe(first);
    expect(first.identity.toString()).toBe('{"name":"bat","amount":100}');
    expect(compute).toHaveBeenCalledTimes(1);
    await memo.json('b', schema, compute);
    expect(compute).toHaveBeenCalledTimes(2);
    version = 2;
    await memo.json('a', schema, compute);
    expect(compute).toHaveBeenCalledTimes(3);
    // Until the version is known nothing is kept.
    version = undefined;
    await memo.json('a', schema, compute);
    await memo.json('a', schema, compute);
    expect(compute).toHaveBeenCalledTimes(5);
  });

  it('keeps no failure: the next request computes again', async () => {
    const memo = createResponseMemo({ current: () => 1 });
    const compute = vi
      .fn<() => Promise<z.infer<typeof schema>>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValue({ name: 'bat', amount: 100 });
    await expect(memo.json('a', schema, compute)).rejects.toThrow('database down');
    expect((await memo.json('a', schema, compute)).identity.toString()).toContain('bat');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('refuses an answer its schema does not allow, as the route serialiser would', async () => {
    const memo = createResponseMemo({ current: () => 1 });
    await expect(memo.json('a', schema, async () => ({ name: 'bat' }) as never)).rejects.toThrow();
  });
});
