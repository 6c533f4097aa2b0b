import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { referenceMarketPrices, REFERENCE_PRICES_NOTICE, type CarbonPricesResponse } from '@carbon-ledger/contracts';
import { createQueryClient } from '../../../shared/api/query-client';
import { carbonPricesQueryOptions, useCarbonPrices } from './get-carbon-prices';

const liveAnswer: CarbonPricesResponse = {
  markets: [
    {
      market: 'EU ETS',
      flag: '🇪🇺',
      currency: 'EUR',
      price: 80.1,
      change24h: 2,
      changePct: '+2.6%',
      timestamp: '2026-11-22T10:00:00.000Z',
    },
  ],
  source: 'live',
  asOf: '2026-11-22T10:00:00.000Z',
};

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

beforeEach(() => {
  queryClient = createQueryClient();
});

afterEach(() => {
  queryClient.clear();
});

describe('useCarbonPrices', () => {
  it('polls GET /api/carbon-prices every 60 s under the key api/carbon-prices', () => {
    expect(carbonPricesQueryOptions.queryKey).toEqual(['api', 'carbon-prices']);
    expect(carbonPricesQueryOptions.refetchInterval).toBe(60_000);
  });

  it('starts loading, then shows the live markets typed as compliance', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(liveAnswer));
    vi.stubGlobal('fetch', fetchMock);

    const { result } = renderHook(() => useCarbonPrices(), { wrapper });
    expect(result.current.loading).toBe(true);

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBeNull();
    expect(result.current.notice).toBeNull();
    expect(result.current.markets).toEqual([{ ...liveAnswer.markets[0], type: 'compliance' }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/carbon-prices', expect.objectContaining({ credentials: 'include' }));
  });

  it('falls back to the eight sample prices with the spec error text on a non-OK answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503, statusText: 'Service Unavailable' })),
    );

    const { result } = renderHook(() => useCarbonPrices(), { wrapper });

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBe('Unable to fetch live carbon prices: HTTP 503: Service Unavailable');
    expect(result.current.markets.map(({ market, price, currency, type }) => ({ market, price, currency, type }))).toEqual(
      referenceMarketPrices.map(({ market, price, currency }) => ({ market, price, currency, type: 'compliance' })),
    );
  });

  it("says 'Network error' when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const { result } = renderHook(() => useCarbonPrices(), { wrapper });

    await waitFor(() => expect(result.current.error).toBe('Network error'));
    expect(result.current.markets).toHaveLength(8);
  });

  it('clears the error text when a later fetch succeeds', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }))
      .mockImplementation(async () => jsonResponse(liveAnswer));
    vi.stubGlobal('fetch', fetchMock);

    const { result } = renderHook(() => useCarbonPrices(), { wrapper });
    await waitFor(() => expect(result.current.error).toBe('Unable to fetch live carbon prices: HTTP 500: Internal Server Error'));

    await act(() => queryClient.refetchQueries({ queryKey: carbonPricesQueryOptions.queryKey }));

    await waitFor(() => expect(result.current.error).toBeNull());
    expect(result.current.markets.map((market) => market.price)).toEqual([80.1]);
  });

  it('marks reference data served by the API with a notice', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...liveAnswer, source: 'reference' })),
    );

    const { result } = renderHook(() => useCarbonPrices(), { wrapper });

    await waitFor(() => expect(result.current.notice).toBe(REFERENCE_PRICES_NOTICE));
    expect(result.current.error).toBeNull();
  });
});
