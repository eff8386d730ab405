/**
 * The server's entry (built by `vite build --ssr`, loaded by server/plugins/pages.ts): renders a page through
 * TanStack Router's request handler, with the route's loaders run and TanStack Query's cache sent along, into the
 * document the browser then adopts (src/app/boot/startApp.tsx). The same route tree and providers as the browser's.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createRequestHandler, RouterServer, renderRouterToString } from '@tanstack/react-router/ssr/server';
import type { ServerManifest } from '@tanstack/router-core';
import { type ReactNode, StrictMode } from 'react';
import { resolveApiConfig, setApiConfig } from '@/api/config';
import { countryStore } from '@/state/country';
import { createQueryClient } from './api/queryClient';
import { createShopRouter } from './app/router';
import { AuthProvider } from './features/auth/AuthProvider';

export type { ServerManifest };

/** Sends the pages' API calls (the catalogue the loaders read) through the server itself, not the network. */
export function setServerFetch(send: typeof fetch): void {
  setApiConfig({ ...resolveApiConfig(), fetch: send });
}

export interface RenderPageOptions {
  request: Request;
  /** The buyer's country (its cookie): the prices are rendered in its currency. */
  countryCode: string;
  /** The nonce of the router's inline scripts (the hydration data). */
  nonce: string;
  manifest: ServerManifest;
  /** Render the app shell: the frame without any route's content, which the browser fills in itself. */
  shell?: boolean;
}

const noop = () => {};

export async function renderPage({
  request,
  countryCode,
  nonce,
  manifest,
  shell = false,
}: RenderPageOptions) {
  const handler = createRequestHandler({
    request,
    getRouterManifest: () => manifest,
    createRouter: () => {
      const queryClient = createQueryClient();
      // biome-ignore lint/correctness/noComponentHookFactories: made once per router, never during a render
      function Wrap({ children }: { children: ReactNode }) {
        return (
          <QueryClientProvider client={queryClient}>
            <AuthProvider track={noop} onSignedOut={noop}>
              {children}
            </AuthProvider>
          </QueryClientProvider>
        );
      }
      return createShopRouter({ queryClient, countryCode: () => countryCode, Wrap, nonce, isShell: shell });
    },
  });
  return handler(({ router, responseHeaders }) => {
    // The components read the country store; rendering to a string is synchronous, so no other request's
    // render can run between this line and the end of this page's.
    countryStore.countryCode = countryCode;
    return renderRouterToString({
      router,
      responseHeaders,
      children: (
        <StrictMode>
          <RouterServer router={router} />
        </StrictMode>
      ),
    });
  });
}
