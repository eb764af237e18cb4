import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from './providers';

const KEY = ['sites', 's1', 'items', 'detail', 'i1', ''];

describe('the query client and records that are gone', () => {
  it('drops what the cache held for a record once the server answers 404', async () => {
    const client = createQueryClient();
    // E.g. restored from the saved data (lib/query-persist.ts) after the item was deleted.
    client.setQueryData(KEY, { id: 'i1', name: 'White cement' });
    await expect(
      client.fetchQuery({
        queryKey: KEY,
        queryFn: () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Not found')),
        staleTime: 0,
      }),
    ).rejects.toThrow('Not found');
    const state = client.getQueryState(KEY);
    expect(state?.status).toBe('error');
    expect(state?.data).toBeUndefined();
  });

  it('keeps the last data over other failures (offline, server faults)', async () => {
    const client = createQueryClient();
    client.setQueryData(KEY, { id: 'i1', name: 'White cement' });
    await expect(
      client.fetchQuery({
        queryKey: KEY,
        queryFn: () => Promise.reject(new ApiError(503, 'UNAVAILABLE', 'Down')),
        retry: false,
        staleTime: 0,
      }),
    ).rejects.toThrow('Down');
    expect(client.getQueryState(KEY)?.data).toEqual({ id: 'i1', name: 'White cement' });
  });
});
