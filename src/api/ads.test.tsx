import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdAssetSrc } from './ads';
import { fakeNetwork, resetClient } from './test-helpers';
import { clearTokens, setTokens } from './tokens';

const UPLOAD = '/api/invoicing/ad_assets/v1/?key=ads%2Fu1%2Fabc.png';
const TEMPLATE = '/images/products/ad-arena.webp';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  resetClient();
  setTokens('main', { accessToken: 'access-1', refreshToken: 'refresh-1', expires: null, userId: 'u1' });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:creative-1' }));
});
afterEach(() => {
  clearTokens('main');
  vi.unstubAllGlobals();
});

describe('useAdAssetSrc', () => {
  it('shows a template from its own address, asking the network for nothing', () => {
    const { requests } = fakeNetwork(() => new Response('never'));
    const { result } = renderHook(() => useAdAssetSrc(TEMPLATE), { wrapper });
    expect(result.current).toBe(TEMPLATE);
    expect(requests).toEqual([]);
  });

  it('fetches an upload (served to its owner only) with the buyer’s token and shows its bytes', async () => {
    const { requests } = fakeNetwork(
      () => new Response('png bytes', { status: 200, headers: { 'Content-Type': 'image/png' } }),
    );
    const { result } = renderHook(() => useAdAssetSrc(UPLOAD), { wrapper });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe('blob:creative-1'));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(UPLOAD);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer access-1');
  });
});
