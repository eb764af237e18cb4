import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  collectionsToRefresh,
  connectLiveUpdates,
  createSseParser,
  parseRecordEvent,
  reconnectDelay,
  type RecordEvent,
  type SseMessage,
} from './live-updates';
import { changesPlanState, changesUsage, writeMeta } from './write-effects';

describe('the event-stream parser', () => {
  it('reads events split across chunks, with comments and any line ending', () => {
    const seen: SseMessage[] = [];
    const feed = createSseParser((message) => seen.push(message));
    feed('retry: 1000\nevent: ready\nda');
    feed('ta: {"site":"s1"}\n\n: ping\n\n');
    feed('event: record\r\ndata: {"a":1}\r');
    feed('\n\r\n');
    feed('data: line one\ndata: line two\n\n');
    expect(seen).toEqual([
      { event: 'ready', data: '{"site":"s1"}' },
      { event: 'record', data: '{"a":1}' },
      { event: 'message', data: 'line one\nline two' },
    ]);
  });

  it('accepts only well-formed record events', () => {
    expect(
      parseRecordEvent('{"collection":"deliveries","action":"create","id":"d1","user":"u2"}'),
    ).toEqual({ collection: 'deliveries', action: 'create', id: 'd1', user: 'u2' });
    expect(
      parseRecordEvent(
        '{"collection":"items","action":"update","id":"i1","user":"u2","client":"c1"}',
      ),
    ).toEqual({ collection: 'items', action: 'update', id: 'i1', user: 'u2', client: 'c1' });
    expect(parseRecordEvent('{"collection":"x","action":"explode"}')).toBeNull();
    expect(parseRecordEvent('nope')).toBeNull();
  });
});

describe('what a change refreshes', () => {
  it("refreshes the record's own collection and exactly what the server named (issue 41)", () => {
    expect(
      collectionsToRefresh('deliveries', ['deliveries', 'payments', 'purchase_orders']),
    ).toEqual(['deliveries', 'payments', 'purchase_orders']);
    expect(collectionsToRefresh('vendors', ['vendors'])).toEqual(['vendors']);
    expect(collectionsToRefresh('quotations')).toEqual(['quotations']);
    expect(
      parseRecordEvent(
        '{"collection":"deliveries","action":"create","id":"d1","user":"u1","changed":["payments",3]}',
      ),
    ).toEqual({
      collection: 'deliveries',
      action: 'create',
      id: 'd1',
      user: 'u1',
      changed: ['payments'],
    });
  });

  it("refetches the plan's state only when a count or the plan itself moved", () => {
    expect(changesUsage('vendors', 'create')).toBe(true);
    expect(changesUsage('payments', 'delete')).toBe(true);
    expect(changesUsage('vendors', 'update')).toBe(false);
    expect(changesUsage('delivery_items', 'create')).toBe(false);
    expect(changesUsage('quotations', 'create')).toBe(false);
    expect(writeMeta('items', 'create')).toEqual({ changesUsage: true });
    expect(writeMeta('items', 'update')).toEqual({ changesUsage: false });
    // Someone bought or cancelled the plan on another device: every tab reads it again.
    expect(changesPlanState('subscription', 'update')).toBe(true);
    expect(changesPlanState('accounts', 'update')).toBe(false);
  });

  it('reconnects after 200, 300, 500, 1000, 1200, 1500, 2000 ms, then stays at 2000', () => {
    expect(Array.from({ length: 10 }, (_, i) => reconnectDelay(i))).toEqual([
      200, 300, 500, 1000, 1200, 1500, 2000, 2000, 2000, 2000,
    ]);
  });
});

/** A streamed SSE answer whose chunks the test pushes. */
function streamResponse(status = 200) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live connection', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes with the session cookie, delivers record events and reconnects when the stream ends', async () => {
    const streams: ReturnType<typeof streamResponse>[] = [];
    const requests: RequestInit[] = [];
    const delays: number[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(init ?? {});
      const stream = streamResponse();
      streams.push(stream);
      return stream.response;
    });
    const events: RecordEvent[] = [];
    const statuses: string[] = [];
    const readies: boolean[] = [];
    const stop = connectLiveUpdates({
      siteId: 's1',
      signedIn: () => true,
      onRecord: (event) => events.push(event),
      onReady: (again) => readies.push(again),
      onStatus: (status) => statuses.push(status),
      fetch,
      isOnline: () => true,
      events: null,
      delays: (attempt) => {
        delays.push(attempt);
        return 0;
      },
    });
    await tick();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/sites/s1/events');
    expect(requests[0]?.credentials).toBe('same-origin');
    expect((requests[0]?.headers as Record<string, string>).Authorization).toBeUndefined();
    streams[0]?.push('event: ready\ndata: {}\n\n');
    streams[0]?.push(
      'event: record\ndata: {"collection":"deliveries","action":"create","id":"d1","user":"u2"}\n\n',
    );
    await tick();
    expect(events).toEqual([{ collection: 'deliveries', action: 'create', id: 'd1', user: 'u2' }]);
    expect(statuses).toContain('open');
    streams[0]?.end();
    await tick();
    await tick();
    expect(fetch).toHaveBeenCalledTimes(2);
    // Back to the first delay: the stream had been ready.
    expect(delays).toEqual([0]);
    streams[1]?.push('event: ready\ndata: {}\n\n');
    await tick();
    // The second ready says events may have been missed while reconnecting.
    expect(readies).toEqual([false, true]);
    stop();
    await tick();
    expect(statuses.at(-1)).toBe('stopped');
  });

  it('uses the spec delays while the server keeps refusing, and stops on 401/403', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetch = vi.fn(async () => {
      calls += 1;
      if (calls <= 3) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 403 });
    });
    const refused: number[] = [];
    const stop = connectLiveUpdates({
      siteId: 's1',
      signedIn: () => true,
      onRecord: () => undefined,
      onRefused: (status) => refused.push(status),
      fetch,
      isOnline: () => true,
      events: null,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toBe(4);
    expect(refused).toEqual([403]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(4);
    stop();
  });

  it('gives up on a connection that does not become ready within 15 s', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal;
          if (signal) signals.push(signal);
          signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const stop = connectLiveUpdates({
      siteId: 's1',
      signedIn: () => true,
      onRecord: () => undefined,
      fetch,
      isOnline: () => true,
      events: null,
    });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does not connect when signed out', async () => {
    const fetch = vi.fn();
    connectLiveUpdates({
      siteId: 's1',
      signedIn: () => false,
      onRecord: () => undefined,
      fetch,
      events: null,
    });
    await tick();
    expect(fetch).not.toHaveBeenCalled();
  });
});
