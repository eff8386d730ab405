/**
 * What `zod` resolves to in the browser build (vite.config.ts): zod itself, with ./jitless evaluated before it, so no
 * schema of the PWA is built before the config. zod then loads with the first module that builds a schema, not
 * before hydration.
 */
import './jitless';

export * from 'zod/v4';
export { default } from 'zod/v4';
