import { z } from 'zod';

/**
 * Importing this module evaluates zod (the part of it the app uses) in a task of its own: a step for `importInSteps`
 * before the modules that build schemas from it. A dynamic import of zod itself would keep the whole of zod in the
 * bundle, namespace objects and all, since it needs every export of the module it names.
 *
 * The first schemas a page builds and checks also compile zod's own functions: whichever contract module came
 * first took 6–11 ms longer than it does after another. A small schema of the commonest kinds is built and checked
 * here, so part of that cost falls in this step's task: the two then take about 9 and 11 ms on a desktop, where
 * they took 3 and 16. (A schema of every kind moved all of it here, and made this task the long one.)
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
