import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api-client';
import { OfflineQueue, type KeyValueStore, type QueueEntry } from './offline-queue';
import { asReplayer, classify, LEASE_MS, replayQueue, ReplayLease } from './offline-queue-replay';

function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function setup() {
  const store = memoryStore();
  const queue = new OfflineQueue(
    () => store,
    async (_name, run) => run(),
  );
  return { store, queue };
}

const body = (ref: string) => ({ delivery_reference: ref });
const add = (queue: OfflineQueue, ref: string, userId = 'u1') =>
  queue.add({ collection: 'deliveries', siteId: 's1', userId, body: body(ref) });
const refOf = (entry: QueueEntry) =>
  (entry.body as { delivery_reference: string }).delivery_reference;

const network = () => new ApiError(0, NETWORK_ERROR, 'Network error occurred');
const refused = (message: string) =>
  new ApiError(403, 'LIMIT_EXCEEDED', message, { resource: 'deliveries' });

/**
 * A fake server with idempotency keys (what the server stores for 24 h): a repeated key answers
 * the record it made, never a second one.
 */
function fakeServer() {
  const saved = new Map<string, { id: string; ref: string }>();
  const requests: string[] = [];
  return {
    saved,
    requests,
    send: async (entry: QueueEntry) => {
      requests.push(`${refOf(entry)}#${entry.key}`);
      const known = saved.get(entry.key);
      if (known) return known;
      const record = { id: `d${saved.size + 1}`, ref: refOf(entry) };
      saved.set(entry.key, record);
      return record;
    },
  };
}

describe('replaying the offline queue', () => {
  it('sends in order with each entry’s Idempotency-Key and removes it only after a 2xx', async () => {
    const { queue } = setup();
    const a = await add(queue, 'A');
    const b = await add(queue, 'B');
    const server = fakeServer();
    const saved: string[] = [];
    const result = await replayQueue({
      queue,
      userId: 'u1',
      send: async (entry) => {
        // While the request is out, the entry is still there, marked sending.
        expect(queue.find(entry.key)?.status).toBe('sending');
        return server.send(entry);
      },
      onSaved: (entry) => saved.push(refOf(entry)),
    });
    expect(result).toEqual({ sent: 2, failed: 0, stopped: null });
    expect(server.requests).toEqual([`A#${a.key}`, `B#${b.key}`]);
    expect(saved).toEqual(['A', 'B']);
    expect(queue.entries()).toEqual([]);
  });

  it('marks a 4xx failed with the server message, keeps it, and goes on with the next', async () => {
    const { queue } = setup();
    const a = await add(queue, 'A');
    await add(queue, 'B');
    const failed: string[] = [];
    const result = await replayQueue({
      queue,
      userId: 'u1',
      send: async (entry) => {
        if (refOf(entry) === 'A') throw refused('Limit exceeded');
        return { id: 'x' };
      },
      onFailed: (entry, error) => failed.push(`${refOf(entry)}: ${error.message}`),
    });
    expect(result).toEqual({ sent: 1, failed: 1, stopped: null });
    expect(failed).toEqual(['A: Limit exceeded']);
    expect(queue.entries()).toHaveLength(1);
    expect(queue.find(a.key)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { status: 403, code: 'LIMIT_EXCEEDED', data: { resource: 'deliveries' } },
    });
    // A failed entry waits for the person: the next round leaves it alone.
    const send = vi.fn();
    await replayQueue({ queue, userId: 'u1', send });
    expect(send).not.toHaveBeenCalled();
  });

  it('stops at the first network error and keeps everything, in order, for later', async () => {
    const { queue } = setup();
    await add(queue, 'A');
    await add(queue, 'B');
    const send = vi.fn(async () => {
      throw network();
    });
    const result = await replayQueue({ queue, userId: 'u1', send });
    expect(result.stopped).toBe('offline');
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.entries().map((e) => [refOf(e), e.status])).toEqual([
      ['A', 'pending'],
      ['B', 'pending'],
    ]);
  });

  it('treats 5xx, 429 and 401 as "try again later", not as a refusal', async () => {
    expect(classify(new ApiError(503, 'INTERNAL', 'down'))).toBe('later');
    expect(classify(new ApiError(429, 'RATE_LIMITED', 'slow'))).toBe('later');
    expect(classify(new ApiError(401, 'UNAUTHENTICATED', 'who'))).toBe('auth');
    expect(classify(new ApiError(400, 'VALIDATION_FAILED', 'bad'))).toBe('failed');
    expect(classify(new TypeError('Failed to fetch'))).toBe('offline');
    const { queue } = setup();
    await add(queue, 'A');
    const result = await replayQueue({
      queue,
      userId: 'u1',
      send: async () => {
        throw new ApiError(503, 'INTERNAL', 'Server error occurred');
      },
    });
    expect(result.stopped).toBe('later');
    expect(queue.entries()[0]).toMatchObject({
      status: 'pending',
      error: { message: 'Server error occurred' },
    });
  });

  it('saves once when a reload interrupted a send that had reached the server', async () => {
    const { queue } = setup();
    const a = await add(queue, 'A');
    const server = fakeServer();
    // The first attempt reached the server, then the page went away before the answer.
    await server.send({ ...a });
    await queue.update(a.key, (e) => ({ ...e, status: 'sending', attempts: 1 }));
    const result = await replayQueue({ queue, userId: 'u1', send: server.send });
    expect(result.sent).toBe(1);
    expect(server.saved.size).toBe(1);
    expect(server.requests).toEqual([`A#${a.key}`, `A#${a.key}`]);
    expect(queue.entries()).toEqual([]);
  });

  it("sends only the signed-in person's entries", async () => {
    const { queue } = setup();
    await add(queue, 'mine');
    await add(queue, 'theirs', 'u2');
    const server = fakeServer();
    await replayQueue({ queue, userId: 'u1', send: server.send });
    expect(server.requests.map((r) => r.split('#')[0])).toEqual(['mine']);
    expect(queue.entries().map(refOf)).toEqual(['theirs']);
  });

  it('skips an entry discarded while the round runs and picks up one added meanwhile', async () => {
    const { queue } = setup();
    await add(queue, 'A');
    const b = await add(queue, 'B');
    const sent: string[] = [];
    await replayQueue({
      queue,
      userId: 'u1',
      send: async (entry) => {
        sent.push(refOf(entry));
        if (refOf(entry) === 'A') {
          await queue.remove(b.key);
          await add(queue, 'C');
        }
        return {};
      },
    });
    expect(sent).toEqual(['A', 'C']);
  });

  it('stops before the next send when the lease was lost', async () => {
    const { queue } = setup();
    await add(queue, 'A');
    await add(queue, 'B');
    let mine = true;
    const sent: string[] = [];
    const result = await replayQueue({
      queue,
      userId: 'u1',
      stillMine: () => mine,
      send: async (entry) => {
        sent.push(refOf(entry));
        mine = false;
        return {};
      },
    });
    expect(sent).toEqual(['A']);
    expect(result.stopped).toBe('lost-lease');
  });
});

describe('the replay lease', () => {
  it('lets one tab replay at a time until the lease expires', () => {
    const store = memoryStore();
    let now = 1_000;
    const tabA = new ReplayLease(
      () => store,
      'tab-a',
      () => now,
    );
    const tabB = new ReplayLease(
      () => store,
      'tab-b',
      () => now,
    );
    expect(tabA.acquire()).toBe(true);
    expect(tabB.acquire()).toBe(false);
    expect(tabA.acquire()).toBe(true); // renewing
    now += LEASE_MS + 1;
    expect(tabB.acquire()).toBe(true); // tab A stopped renewing (closed, frozen)
    expect(tabA.acquire()).toBe(false);
    tabB.release();
    expect(tabA.acquire()).toBe(true);
  });

  it('a reloaded tab (same id) takes its own lease back at once', () => {
    const store = memoryStore();
    expect(new ReplayLease(() => store, 'tab-a').acquire()).toBe(true);
    expect(new ReplayLease(() => store, 'tab-a').acquire()).toBe(true);
  });

  it('runs the work only as the holder, and releases afterwards', async () => {
    const store = memoryStore();
    const tabA = new ReplayLease(() => store, 'tab-a');
    const tabB = new ReplayLease(() => store, 'tab-b');
    let inside = 0;
    const work = async () => {
      inside += 1;
      // While A works, B cannot start.
      expect(await asReplayer(tabB, async () => 'b', null)).toBeNull();
      return 'a';
    };
    expect(await asReplayer(tabA, work, null)).toBe('a');
    expect(inside).toBe(1);
    expect(await asReplayer(tabB, async () => 'b', null)).toBe('b');
  });

  it('with Web Locks, the lock decides and the lease follows', async () => {
    const store = memoryStore();
    const stale = new ReplayLease(() => store, 'gone-tab');
    stale.acquire(); // left by a tab that crashed a moment ago
    let held = false;
    const locks = {
      request: async <T>(
        _name: string,
        _options: { ifAvailable: boolean },
        callback: (lock: unknown) => Promise<T>,
      ) => {
        if (held) return callback(null);
        held = true;
        try {
          return await callback({});
        } finally {
          held = false;
        }
      },
    };
    const mine = new ReplayLease(() => store, 'tab-a');
    const other = new ReplayLease(() => store, 'tab-b');
    const result = await asReplayer(
      mine,
      async () => asReplayer(other, async () => 'other', locks),
      locks,
    );
    expect(result).toBeNull(); // the inner (another tab) did not get the lock
    expect(await asReplayer(other, async () => 'other', locks)).toBe('other');
  });
});
