import { afterEach, describe, expect, it } from 'vitest';

const RealFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = RealFunction;
});

describe('zod in the started shop', () => {
  it('builds and checks object schemas without `new Function`, which the CSP (no unsafe-eval) reports', async () => {
    const compiled: string[] = [];
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        compiled.push(String(args.at(-1)));
        return Reflect.construct(target, args);
      },
    });
    await import('./zod');
    const { z } = await import('zod');
    const line = z.object({
      id: z.string(),
      quantity: z.number().int(),
      gift: z.object({ note: z.string() }),
    });

    expect(line.safeParse({ id: 'kit', quantity: 2, gift: { note: 'hi' } }).success).toBe(true);
    expect(line.safeParse({ id: 'kit', quantity: 'two' }).success).toBe(false);
    expect(compiled).toEqual([]);
  });
});
