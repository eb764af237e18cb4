import type { Transaction } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import {
  eventsOf,
  installTxSubscribers,
  publish,
  settleTxEvents,
  type DeliveryChanged,
  type ReturnChanged,
  type TxSubscriber,
} from './tx-events.js';

/** The bus only keys its queue by the transaction object. */
const newTrx = () => ({}) as Transaction<Database>;

const changed = (id: string): DeliveryChanged => ({
  siteId: 's',
  userId: 'u',
  now: 'now',
  delivery: { id, total_amount: 0, paid_amount: 0, tds_amount: 0 },
  deleted: false,
  orderLines: [],
  itemsBefore: [],
  receivedLines: [],
  release: false,
  places: [],
  inTds: false,
  released: [],
});

let seen: string[];
function deliveryRecorder(
  name: string,
  rank: number,
  mode: 'each' | 'all',
  extra: (trx: Transaction<Database>, events: readonly DeliveryChanged[]) => void = () => {},
): TxSubscriber<'delivery.changed'> {
  return {
    name,
    event: 'delivery.changed',
    rank,
    mode,
    handle: async (trx, events) => {
      seen.push(`${name}:${events.map((e) => e.delivery.id).join('+')}`);
      extra(trx, events);
    },
  };
}
function returnRecorder(name: string, rank: number): TxSubscriber<'return.changed'> {
  return {
    name,
    event: 'return.changed',
    rank,
    mode: 'each',
    handle: async (_trx, events: readonly ReturnChanged[]) => {
      seen.push(`${name}:${events.map((e) => e.returnId).join('+')}`);
    },
  };
}

beforeEach(() => {
  seen = [];
});

describe('the in-transaction event bus', () => {
  it('runs subscribers by rank, not by registration, each event or all at once', async () => {
    installTxSubscribers([
      deliveryRecorder('stock', 400, 'each'),
      deliveryRecorder('receipts', 100, 'all'),
      deliveryRecorder('payments', 200, 'each'),
    ]);
    const trx = newTrx();
    publish(trx, 'delivery.changed', changed('a'));
    publish(trx, 'delivery.changed', changed('b'));
    expect(seen).toEqual([]);
    await settleTxEvents(trx);
    expect(seen).toEqual(['receipts:a+b', 'payments:a', 'payments:b', 'stock:a', 'stock:b']);
    // Settled events do not run again; another transaction's queue is its own.
    await settleTxEvents(trx);
    await settleTxEvents(newTrx());
    expect(seen).toHaveLength(5);
  });

  it('lets a subscriber set off a higher rank, and refuses a lower one', async () => {
    installTxSubscribers([
      deliveryRecorder('receipts', 100, 'each', (trx) =>
        publish(trx, 'return.changed', { siteId: 's', returnId: 'r' }),
      ),
      returnRecorder('stock', 400),
    ]);
    const trx = newTrx();
    publish(trx, 'delivery.changed', changed('a'));
    await settleTxEvents(trx);
    expect(seen).toEqual(['receipts:a', 'stock:r']);

    installTxSubscribers([
      returnRecorder('early', 50),
      deliveryRecorder('stock', 400, 'each', (t) =>
        publish(t, 'return.changed', { siteId: 's', returnId: 'r' }),
      ),
    ]);
    const late = newTrx();
    publish(late, 'delivery.changed', changed('a'));
    await expect(settleTxEvents(late)).rejects.toThrow(/early \(rank 50\) set off after rank 400/);
  });

  it('stops at the first failure and says which event it was handling', async () => {
    const refusal = new Error('refused');
    installTxSubscribers([
      deliveryRecorder('payments', 200, 'each', (_trx, [event]) => {
        if (event!.delivery.id === 'b') throw refusal;
      }),
      deliveryRecorder('stock', 400, 'each'),
    ]);
    const trx = newTrx();
    publish(trx, 'delivery.changed', changed('a'));
    publish(trx, 'delivery.changed', changed('b'));
    await expect(settleTxEvents(trx)).rejects.toBe(refusal);
    expect(seen).toEqual(['payments:a', 'payments:b']);
    expect(eventsOf(refusal)).toEqual([changed('b')]);
    // Nothing is left queued to run on a later settle.
    await settleTxEvents(trx);
    expect(seen).toHaveLength(2);
  });

  it('drops an event nobody subscribes to', async () => {
    installTxSubscribers([deliveryRecorder('stock', 400, 'each')]);
    const trx = newTrx();
    publish(trx, 'return.changed', { siteId: 's', returnId: 'r' });
    await settleTxEvents(trx);
    expect(seen).toEqual([]);
  });
});
