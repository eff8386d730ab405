// Evaluates the router in a task of its own; it names its exports, as a dynamic import of the package keeps them all.
export { Link, lazyRouteComponent, RouterProvider, useMatch, useNavigate } from '@tanstack/react-router';
