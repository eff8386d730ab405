import { z } from 'zod';

/**
 * Importing this module evaluates zod (the part of it the app uses) in a task of its own: a step for `importInSteps`
 * before the modules that build schemas from it. A dynamic import of zod itself would keep the whole of zod in the
 * bundle, namespace objects and all, since it needs every export of the module it names.
 */
export const zodEvaluated = typeof z.object === 'function';
