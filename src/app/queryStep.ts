/*
 * Importing this module evaluates TanStack Query in a task of its own, before the app. It names one export: a dynamic
 * import of the package itself would keep every export of the library in the bundle.
 */
export { QueryClientProvider } from '@tanstack/react-query';
