import { describe, expect, it } from 'vitest';
import {
  entriesOf,
  OFFLINE_QUEUE_KEY,
  OfflineQueue,
  parseQueue,
  readBody,
  type KeyValueStore,
  type LockRunner,
} from './offline-queue';
import { problemText } from './offline-queue-hooks';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const noLock: LockRunner = async (_name, run) => run();

function queueOver(store: KeyValueStore): OfflineQueue {
  return new OfflineQueue(
    () => store,
    noLock,
    () => new Date('2025-06-02T10:00:00Z'),
  );
}

const delivery = (ref: string) => ({
  collection: 'deliveries' as const,
  siteId: 'site1',
  userId: 'u1',
  body: { vendor: 'v1', delivery_reference: ref },
});

describe('offline queue', () => {
  it('keeps entries in localStorage under siteledger.offlineQueue, in order', async () => {
    const store = memoryStore();
    const queue = queueOver(store);
    await queue.add(delivery('A'));
    await queue.add({ ...delivery('B'), collection: 'payments' });
    const stored = JSON.parse(store.getItem(OFFLINE_QUEUE_KEY) ?? '[]') as { body: unknown }[];
    expect(stored.map((e) => e.body)).toEqual([
      { vendor: 'v1', delivery_reference: 'A' },
      { vendor: 'v1', delivery_reference: 'B' },
    ]);
    // A reload: a new queue over the same storage sees the same entries.
    const again = queueOver(store).entries();
    expect(again.map((e) => [e.collection, e.status])).toEqual([
      ['deliveries', 'pending'],
      ['payments', 'pending'],
    ]);
    expect(again[0]?.key).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    expect(again[0]?.createdAt).toBe('2025-06-02T10:00:00.000Z');
  });

  it('re-adding a key replaces the entry in its place (an edited entry keeps its turn)', async () => {
    const queue = queueOver(memoryStore());
    const first = await queue.add(delivery('A'));
    await queue.add(delivery('B'));
    await queue.update(first.key, (e) => ({ ...e, status: 'failed', attempts: 2 }));
    await queue.add({ ...delivery('A2'), key: first.key });
    const entries = queue.entries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ key: first.key, status: 'pending', attempts: 2 });
    expect(entries[0]?.body).toEqual({ vendor: 'v1', delivery_reference: 'A2' });
  });

  it('updates, retries and removes one entry; the list object is stable between writes', async () => {
    const queue = queueOver(memoryStore());
    const a = await queue.add(delivery('A'));
    const b = await queue.add(delivery('B'));
    const before = queue.entries();
    expect(queue.entries()).toBe(before);
    await queue.update(a.key, (e) => ({
      ...e,
      status: 'failed',
      error: { status: 400, code: 'X', message: 'no' },
    }));
    expect(queue.find(a.key)?.status).toBe('failed');
    await queue.retry(a.key);
    expect(queue.find(a.key)).toMatchObject({ status: 'pending', error: null });
    await queue.remove(a.key);
    expect(queue.entries().map((e) => e.key)).toEqual([b.key]);
    await queue.remove(b.key);
    expect(queue.entries()).toEqual([]);
  });

  it('tells subscribers about every write', async () => {
    const queue = queueOver(memoryStore());
    let calls = 0;
    const stop = queue.subscribe(() => (calls += 1));
    await queue.add(delivery('A'));
    stop();
    await queue.add(delivery('B'));
    expect(calls).toBe(1);
  });

  it('survives damaged storage and keeps the well-formed entries', () => {
    expect(parseQueue('not json')).toEqual([]);
    expect(parseQueue('{"a":1}')).toEqual([]);
    const good = {
      key: 'sl-abcdefgh',
      collection: 'payments',
      siteId: 's',
      userId: 'u',
      body: {},
      status: 'pending',
      createdAt: '2025-01-01T00:00:00Z',
    };
    const parsed = parseQueue(JSON.stringify([good, { key: 1 }, { ...good, collection: 'items' }]));
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({ attempts: 0, error: null, summary: {} });
  });

  it('shows a person only their own entries', async () => {
    const queue = queueOver(memoryStore());
    await queue.add(delivery('A'));
    await queue.add({ ...delivery('B'), userId: 'u2' });
    expect(entriesOf(queue.entries(), 'u2').map((e) => e.userId)).toEqual(['u2']);
    expect(entriesOf(queue.entries(), null)).toEqual([]);
  });

  it('reads a stored body leniently for "Edit and retry"', () => {
    const body = readBody({ vendor: 'v', tax: 12.5, lines: [{ item: 'i', quantity: 2 }], bad: 3 });
    expect(body.text('vendor')).toBe('v');
    expect(body.num('tax')).toBe(12.5);
    expect(body.text('bad')).toBe('');
    expect(body.list('lines').map((l) => [l.text('item'), l.num('quantity')])).toEqual([['i', 2]]);
    expect(readBody(null).list('lines')).toEqual([]);
  });
});

describe('how a refusal reads', () => {
  it('adds the field messages of a validation failure', () => {
    expect(
      problemText({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please check your input',
        data: { vendor: { code: 'invalid_reference', message: 'Unknown vendor' }, other: 3 },
      }),
    ).toBe('Please check your input — Unknown vendor');
    expect(problemText({ status: 403, code: 'LIMIT_EXCEEDED', message: 'Limit exceeded' })).toBe(
      'Limit exceeded',
    );
  });
});
