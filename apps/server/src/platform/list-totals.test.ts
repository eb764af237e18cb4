import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import { createEventBus } from './events.js';
import { countReads, createListTotals } from './list-totals.js';
import { trackSiteChanges } from './site-changes.js';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const deliveriesCount = (status?: string) => {
  let query = db
    .selectFrom('deliveries')
    .where(sql.ref('deliveries.site_id'), '=', 's')
    .select(sql<number>`count(*)`.as('n'));
  if (status) query = query.where(sql.ref('deliveries.payment_status'), '=', status);
  return query.compile();
};

describe('countReads', () => {
  it('names every table and column of joins, subqueries and raw fragments', () => {
    const reads = countReads(
      db
        .selectFrom('delivery_items as di')
        .innerJoin('deliveries as d', 'd.id', 'di.delivery')
        .where('d.vendor', '=', 'v')
        .where(sql<boolean>`exists (select 1 from vendor_return_items r where r.line = di.id)`)
        .select(sql<number>`count(*)`.as('n'))
        .compile().query,
    );
    for (const name of ['delivery_items', 'deliveries', 'vendor', 'vendor_return_items', 'line']) {
      expect(reads.tables).toContain(name);
      expect(reads.columns).toContain(name);
    }
  });
});

describe('kept list totals', () => {
  function setup() {
    const bus = createEventBus((error) => {
      throw error;
    });
    const changes = trackSiteChanges(bus);
    const totals = createListTotals(changes, { enabled: true });
    let counted = 0;
    const read = (status?: string, site = 's') =>
      totals.get(site, deliveriesCount(status), () => Promise.resolve(++counted));
    return { bus, changes, read };
  }

  it('survive writes that set no column they test, here and from other instances', async () => {
    const { bus, changes, read } = setup();
    expect(await read()).toBe(1);
    expect(await read('paid')).toBe(2);
    // A payment: rows into payments, paid figures and status set on deliveries.
    changes.changed('s', { payments: null, deliveries: ['paid_amount', 'payment_status'] });
    expect(await read()).toBe(1);
    expect(await read('paid')).toBe(3);
    bus.publish(
      's',
      { collection: 'payments', action: 'create', id: 'p', user: null },
      {
        deliveries: ['payment_status'],
      },
    );
    expect(await read()).toBe(1);
    expect(await read('paid')).toBe(4);
    // Another site's writes are its own.
    changes.changed('t', { deliveries: null });
    expect(await read()).toBe(1);
  });

  it('are recounted after rows come or go, or a change that does not say what it changed', async () => {
    const { bus, changes, read } = setup();
    expect(await read()).toBe(1);
    changes.changed('s', { deliveries: null });
    expect(await read()).toBe(2);
    changes.changed('s');
    expect(await read()).toBe(3);
    bus.publish('s', { collection: 'deliveries', action: 'delete', id: 'd', user: null });
    expect(await read()).toBe(4);
    expect(await read()).toBe(4);
  });

  it('are counted every time when kept answers are off or the event bus is deaf', async () => {
    const bus = createEventBus(() => undefined);
    let counted = 0;
    const off = createListTotals(trackSiteChanges(bus), { enabled: false });
    await off.get('s', deliveriesCount(), () => Promise.resolve(++counted));
    await off.get('s', deliveriesCount(), () => Promise.resolve(++counted));
    expect(counted).toBe(2);
    const deaf = createListTotals(trackSiteChanges({ ...bus, epoch: () => null }), {
      enabled: true,
    });
    await deaf.get('s', deliveriesCount(), () => Promise.resolve(++counted));
    await deaf.get('s', deliveriesCount(), () => Promise.resolve(++counted));
    expect(counted).toBe(4);
  });
});
