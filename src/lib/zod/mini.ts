/** What `zod/mini` resolves to in the browser build (vite.config.ts), for the reason ./classic.ts gives. */
import './jitless';

export * from 'zod/v4/mini';
