/*
 * Importing this module evaluates the router in a task of its own, before the app, with the pieces the shell's links
 * use. It names its exports: a dynamic import of the router package itself would keep every export of the library in
 * the bundle.
 */
export { Link, lazyRouteComponent, RouterProvider, useMatch, useNavigate } from '@tanstack/react-router';
