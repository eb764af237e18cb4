import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, CHANGED_HEADER, reportSiteChanges } from './api-client';
import { keepWritesFresh, refreshSiteCollections } from './write-effects';

/** Issue 41: a write's own refresh leaves exactly what that write's answer refreshed. */
describe('the per-write mark', () => {
  let queryClient: QueryClient;
  let refreshed: string[];
  let stop: () => void;

  /** The collections (and `dashboard`) invalidated since the last call, in order. */
  const taken = () => refreshed.splice(0);

  beforeEach(() => {
    queryClient = new QueryClient();
    refreshed = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
      const key: QueryKey = filters?.queryKey ?? [];
      refreshed.push(String(key[2] ?? key[0]));
      return Promise.resolve();
    });
    stop = keepWritesFresh(queryClient);
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("skips what the write's answer refreshed, and only for that write", async () => {
    const write = {};
    reportSiteChanges('site-1', 'deliveries,payments', write);
    expect(taken()).toEqual(['dashboard', 'deliveries', 'payments']);

    await refreshSiteCollections(queryClient, 'site-1', ['deliveries', 'purchase_orders'], write);
    expect(taken()).toEqual(['purchase_orders']);

    // Another write at the same moment refreshes everything it names: the mark is not a window.
    await refreshSiteCollections(queryClient, 'site-1', ['deliveries', 'payments'], {});
    expect(taken()).toEqual(['dashboard', 'deliveries', 'payments']);
    // So does a refresh for no write, and one of the same write on another site.
    await refreshSiteCollections(queryClient, 'site-1', ['payments']);
    expect(taken()).toEqual(['dashboard', 'payments']);
    await refreshSiteCollections(queryClient, 'site-2', ['payments'], write);
    expect(taken()).toEqual(['dashboard', 'payments']);
  });

  it('keeps the mark however long the write takes to refresh', async () => {
    vi.useFakeTimers();
    const write = {};
    reportSiteChanges('site-1', 'payments', write);
    taken();
    vi.advanceTimersByTime(60_000);
    await refreshSiteCollections(queryClient, 'site-1', ['payments'], write);
    expect(taken()).toEqual([]);
  });

  it('marks the write a request was sent for, from its answer header', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"id":"d1"}', {
            status: 201,
            headers: {
              'content-type': 'application/json',
              [CHANGED_HEADER]: 'deliveries,payments',
            },
          }),
      ),
    );
    const write = {};
    await api.post('/api/sites/site-1/deliveries', { vendor: 'v1' }, { write });
    expect(taken()).toEqual(['dashboard', 'deliveries', 'payments']);
    await refreshSiteCollections(queryClient, 'site-1', ['deliveries', 'stock_movements'], write);
    expect(taken()).toEqual(['stock_movements']);

    // A request sent without a token marks nothing.
    await api.post('/api/sites/site-1/deliveries', { vendor: 'v1' });
    taken();
    await refreshSiteCollections(queryClient, 'site-1', ['deliveries'], {});
    expect(taken()).toEqual(['dashboard', 'deliveries']);
  });
});
