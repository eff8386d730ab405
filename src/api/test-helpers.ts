import { onlineManager } from '@tanstack/react-query';
import { vi } from 'vitest';
import { resolveApiConfig, setApiConfig } from './config';
import { clearTokens, TOKEN_SETS } from './tokens';

/** One request as the fake network saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export type Handler = (request: SeenRequest) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The spec §8 error body. */
export function errorBody(status: number, resStatus: string, extra: Record<string, unknown> = {}) {
  return {
    data: {
      message: `message for ${resStatus}`,
      response: { title: `title for ${resStatus}`, description: `description for ${resStatus}` },
      res_status: resStatus,
      http_status_code: status,
      ...extra,
    },
  };
}

/** Replaces fetch with `handler` and records every request it receives. */
export function fakeNetwork(handler: Handler) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const request: SeenRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: raw === undefined ? undefined : (JSON.parse(raw) as unknown),
    };
    requests.push(request);
    if (init?.signal?.aborted) throw init.signal.reason;
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

export function resetClient(timeoutMs = 2_000): void {
  setApiConfig({ ...resolveApiConfig({}), timeoutMs });
  for (const set of TOKEN_SETS) clearTokens(set);
  // A test whose request could not leave took the shop offline (reportUnreachable): the next one starts online.
  onlineManager.setOnline(true);
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
