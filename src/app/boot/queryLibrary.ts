// Evaluates TanStack Query in a task of its own; one named export, as a dynamic import of the package keeps them all.
export { QueryClientProvider } from '@tanstack/react-query';
