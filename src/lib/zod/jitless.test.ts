import { afterEach, describe, expect, it } from 'vitest';

const RealFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = RealFunction;
});

describe("the browser build's zod", () => {
  it('builds and checks object schemas without `new Function`, which the CSP (no unsafe-eval) reports', async () => {
    const compiled: string[] = [];
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        compiled.push(String(args.at(-1)));
        return Reflect.construct(target, args);
      },
    });
    const { z } = await import('./classic');
    const mini = await import('./mini');
    const line = z.object({
      id: z.string(),
      quantity: z.number().int(),
      gift: z.object({ note: z.string() }),
    });
    const status = mini.object({ response: mini.string() });

    expect(line.safeParse({ id: 'kit', quantity: 2, gift: { note: 'hi' } }).success).toBe(true);
    expect(line.safeParse({ id: 'kit', quantity: 'two' }).success).toBe(false);
    expect(status.safeParse({ response: 'working' }).success).toBe(true);
    expect(compiled).toEqual([]);
  });
});
