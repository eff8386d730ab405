import { z } from 'zod';

/**
 * Importing this module evaluates zod (the part of it the app uses) in a task of its own: a step for `importInSteps`
 * before the modules that build schemas from it. A dynamic import of zod itself would keep the whole of zod in the
 * bundle, namespace objects and all, since it needs every export of the module it names.
 *
 * The first schemas a page builds and checks also compile zod's own functions, which made whichever contract came
 * first the long task. A small schema of the commonest kinds takes part of that cost here; a schema of every kind
 * would take all of it and make this task the long one.
 */
const sample = z.object({
  text: z.string().trim().min(1).regex(/^\w+$/),
  count: z.number().int().nullable(),
  choice: z.enum(['a', 'b']).optional(),
  flag: z.boolean(),
  list: z.array(z.object({ kind: z.literal('a') })),
});

export const zodEvaluated = sample.safeParse({
  text: 'kit',
  count: 1,
  flag: true,
  list: [{ kind: 'a' }],
}).success;
