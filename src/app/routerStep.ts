/*
 * Importing this module evaluates the router in a task of its own, before the app. It names one export: a dynamic import
 * of the router package itself would keep every export of the library in the bundle.
 */
export { RouterProvider } from '@tanstack/react-router';
