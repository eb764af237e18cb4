import { QueryClient, QueryObserver, keepPreviousData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PICKER_PAGE,
  SEARCH_DEBOUNCE_MS,
  createDebouncer,
  pickerParams,
  pickerQuery,
  shownRecords,
} from './entity-search';
import { queryKeys } from './query-keys';

const vendor = (id: string, name: string) => ({ id, name });

describe('a picker page', () => {
  it('asks for a small page by name, with q only when something was typed', () => {
    expect(pickerParams('')).toEqual({ perPage: PICKER_PAGE, sort: 'name' });
    expect(pickerParams('  ce ')).toEqual({ perPage: 20, sort: 'name', q: 'ce' });
    expect(pickerParams('', 500, { is_active: true, type: '' })).toEqual({
      perPage: 500,
      sort: 'name',
      is_active: true,
    });
  });

  it('is cached under the collection, so a write to it refreshes the picker', () => {
    const { queryKey } = pickerQuery('s1', 'vendors', pickerParams('ce'));
    expect(queryKey.slice(0, 3)).toEqual(queryKeys.records('s1', 'vendors'));
    expect(queryKey).toEqual(queryKeys.recordList('s1', 'vendors', pickerParams('ce')));
  });
});

describe('searching on the server as the person types', () => {
  let urls: string[] = [];

  beforeEach(() => {
    urls = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('fetch', (input: string) => {
      urls.push(input);
      const q = new URL(input, 'http://x').searchParams.get('q') ?? '';
      const items = [vendor('v1', 'Cement House'), vendor('v2', 'Sharma Traders')].filter((v) =>
        v.name.toLowerCase().includes(q.toLowerCase()),
      );
      return Promise.resolve(
        new Response(
          JSON.stringify({ page: 1, perPage: 20, totalItems: items.length, totalPages: 1, items }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      );
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("typing 'c' then 'ce' makes one request, with q=ce, once typing pauses", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = (text: string) => ({
      ...pickerQuery('s1', 'vendors', pickerParams(text)),
      placeholderData: keepPreviousData,
    });
    // The picker as lib/entity-options.ts composes it: a debounced text keys the query.
    const observer = new QueryObserver(client, options(''));
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual(['/api/sites/s1/vendors?perPage=20&sort=name']);

    const debouncer = createDebouncer<string>(SEARCH_DEBOUNCE_MS, (text) =>
      observer.setOptions(options(text)),
    );
    debouncer.push('c');
    await vi.advanceTimersByTimeAsync(120);
    debouncer.push('ce');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(urls).toHaveLength(1);
    // The previous page stays on screen meanwhile.
    expect(observer.getCurrentResult().data?.items).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toHaveLength(2);
    expect(urls[1]).toBe('/api/sites/s1/vendors?perPage=20&sort=name&q=ce');
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data?.items.map((v) => v.name)).toEqual(['Cement House']);

    // Typing the same text again is answered from the cache.
    debouncer.push('c');
    debouncer.push('ce');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(urls).toHaveLength(2);
    stop();
    client.clear();
  });
});

describe('what a picker shows', () => {
  const known = [vendor('v1', 'Cement House'), vendor('v2', 'Sharma Traders')];
  const textOf = (v: { name: string }) => v.name;

  it("shows the server's answer for the typed text as it is", () => {
    const answer = [vendor('v9', 'Balaji (phone 98200)')];
    expect(shownRecords({ typed: '98200', answer, known: [known], textOf })).toEqual(answer);
  });

  it('until then, the records at hand that contain the text, each once', () => {
    expect(
      shownRecords({ typed: 'SHAR', answer: undefined, known: [known, known], textOf }),
    ).toEqual([vendor('v2', 'Sharma Traders')]);
    expect(
      shownRecords({ typed: '', answer: undefined, known: [undefined, known], textOf }),
    ).toEqual(known);
  });
});
