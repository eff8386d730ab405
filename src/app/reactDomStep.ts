/*
 * Importing this module evaluates React DOM in a task of its own, before the router and the app. A module of ours, so
 * the entry needs none of the bundler's CommonJS helpers: they come with this step instead of with the first script.
 */
export { hydrateRoot } from 'react-dom/client';
