import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import {
  deliveryLines,
  insertManyDeliveries,
  insertRefund as insertRefundRow,
  insertReturn as insertReturnRow,
} from './helpers/record-fixtures.js';
import { moneyKit, type MoneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let accountant: Registered;
let stranger: Registered;
let siteId: string;
let kit: MoneyKit;

interface Entry {
  id: string;
  date: string;
  type: string;
  reference: string | null;
  debit: number;
  credit: number;
  balance: number;
  amount: number;
}
interface Figures {
  count: number;
  total_amount: number;
  paid_amount: number;
  due: number;
}
interface Ledger {
  summary: {
    total_billed: number;
    total_paid: number;
    outstanding: number;
    credit_balance: number;
    advance: number;
    ledger_balance: number;
  };
  status_breakdown: {
    deliveries: Record<'pending' | 'partial' | 'paid', Figures>;
    service_bookings: Record<'pending' | 'partial' | 'currently_paid_up' | 'paid', Figures>;
  };
  opening_balance: number;
  closing_balance: number;
  entries: Entry[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  accountant = await registerUser(server.url);
  stranger = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, accountant.user.id, 'accountant');
  kit = moneyKit(server, siteId, owner.token);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.ctx.db.kysely;

/**
 * A return of one delivery line (1 at `total`) and what the vendor gave for it, written directly
 * (the returns API is another module).
 */
const insertReturn = (
  vendor: string,
  line: string,
  options: { date: string; total: number; status: 'approved' | 'rejected' | 'refunded' },
) =>
  insertReturnRow(server, siteId, {
    vendor,
    date: options.date,
    status: options.status,
    lines: [{ deliveryItem: line, quantityMilli: 1000, ratePaise: options.total * 100 }],
  });

const insertRefund = (vendor: string, ret: string, account: string, amount: number) =>
  insertRefundRow(server, siteId, {
    vendor,
    vendorReturn: ret,
    account,
    amountPaise: amount * 100,
    date: '2026-01-23',
    reference: 'RF-1',
  });

const ledger = (vendor: string, query = '', token = owner.token) =>
  call<Ledger>(server.url, 'GET', kit.url(`/vendors/${vendor}/ledger${query}`), { token });

describe('vendor ledger', () => {
  let vendor: string;

  beforeAll(async () => {
    vendor = await kit.vendor('Ledger Vendor');
    const account = await kit.account(10_000);
    // Lapsed unused: what it took off comes back on its expiry date.
    await kit.creditNote(vendor, 80, { issue_date: '2025-06-01', expiry_date: '2025-06-30' });
    const d = await kit.delivery(vendor, 1000, '2026-01-05');
    const b = await kit.booking(vendor, 500, { date: '2026-01-10' });
    await kit.booking(vendor, 300, { date: '2026-01-11', status: 'cancelled' });
    const p1 = await kit.pay({
      vendor,
      account,
      amount: 600,
      payment_date: '2026-01-15',
      reference: 'UTR-600',
      delivery_allocations: [{ delivery: d, amount: 600 }],
    });
    expect(p1.status).toBe(201);
    const standalone = await kit.creditNote(vendor, 200, {
      issue_date: '2026-01-20',
      reference: 'CN-200',
    });
    const [line] = await deliveryLines(server, d);
    const ret = await insertReturn(vendor, line!, {
      date: '2026-01-22',
      total: 150,
      status: 'refunded',
    });
    await insertReturn(vendor, line!, { date: '2026-01-22', total: 999, status: 'rejected' });
    const fromReturn = await kit.creditNote(vendor, 50, {
      issue_date: '2026-01-22',
      reference: 'CN-RET',
    });
    await db()
      .updateTable('vendor_credit_notes')
      .set({ return_id: ret })
      .where('id', '=', fromReturn)
      .execute();
    await insertRefund(vendor, ret, account, 100);
    const p2 = await kit.pay({
      vendor,
      account,
      amount: 300,
      payment_date: '2026-01-25',
      credit_note_allocations: [
        { credit_note: standalone, amount: 200 },
        { credit_note: fromReturn, amount: 50 },
      ],
      service_booking_allocations: [{ service_booking: b, amount: 300 }],
    });
    expect(p2.status, JSON.stringify(p2.body)).toBe(201);
  });

  it('lists every entry with a running balance of what is owed, net of credits', async () => {
    const res = await ledger(vendor, '', accountant.token);
    expect(res.status).toBe(200);
    const rows = res.body.entries.map((e) => [e.date, e.type, e.debit, e.credit, e.balance]);
    expect(rows).toEqual([
      ['2025-06-01', 'credit_note', 80, 0, -80],
      ['2025-06-30', 'credit_note_expired', 0, 80, 0],
      ['2026-01-05', 'delivery', 0, 1000, 1000],
      ['2026-01-10', 'service_booking', 0, 500, 1500],
      ['2026-01-15', 'payment', 600, 0, 900],
      ['2026-01-20', 'credit_note', 200, 0, 700],
      ['2026-01-22', 'return', 150, 0, 550],
      ['2026-01-22', 'credit_note', 0, 0, 550],
      ['2026-01-23', 'refund', 0, 100, 650],
      ['2026-01-25', 'payment', 50, 0, 600],
    ]);
    expect(res.body.entries[4]).toMatchObject({ reference: 'UTR-600', amount: 600 });
    expect(res.body.entries[7]).toMatchObject({ reference: 'CN-RET', amount: 50 });
    expect(res.body.entries[9]).toMatchObject({ amount: 300 });
    expect(res.body.summary).toEqual({
      total_billed: 1500,
      total_paid: 900,
      outstanding: 600,
      credit_balance: 0,
      advance: 0,
      ledger_balance: 600,
    });
    // What is owed net of credits: outstanding − usable credit.
    expect(res.body.summary.outstanding - res.body.summary.credit_balance).toBe(600);
    expect(res.body).toMatchObject({ opening_balance: 0, closing_balance: 600, totalItems: 10 });
    expect(res.body.status_breakdown.deliveries).toEqual({
      pending: { count: 0, total_amount: 0, paid_amount: 0, due: 0 },
      partial: { count: 1, total_amount: 1000, paid_amount: 600, due: 400 },
      paid: { count: 0, total_amount: 0, paid_amount: 0, due: 0 },
    });
    expect(res.body.status_breakdown.service_bookings.currently_paid_up).toEqual({
      count: 1,
      total_amount: 500,
      paid_amount: 300,
      due: 200,
    });
  });

  it('a date range starts from the balance before it; pages and newest-first keep true balances', async () => {
    const range = await ledger(vendor, '?from=2026-01-16&to=2026-01-22');
    expect(range.body).toMatchObject({ opening_balance: 900, closing_balance: 550, totalItems: 3 });
    expect(range.body.entries.map((e) => e.balance)).toEqual([700, 550, 550]);
    const page2 = await ledger(vendor, '?perPage=3&page=2');
    expect(page2.body).toMatchObject({ totalPages: 4, page: 2 });
    expect(page2.body.entries.map((e) => e.balance)).toEqual([1500, 900, 700]);
    const newest = await ledger(vendor, '?sort=-date&perPage=2');
    expect(newest.body.entries.map((e) => [e.type, e.balance])).toEqual([
      ['payment', 600],
      ['refund', 650],
    ]);
    const bad = await ledger(vendor, '?from=2026-13-01');
    expect(bad.status).toBe(400);
  });

  it('needs canViewFinancials and membership; unknown or foreign vendors are 404', async () => {
    const stray = await ledger(vendor, '', stranger.token);
    expect(stray.status).toBe(403);
    const otherOwner = await registerUser(server.url);
    const otherSite = (await createSite(server.url, otherOwner.token, { name: 'Else' })).id;
    const foreignVendor = await moneyKit(server, otherSite, otherOwner.token).vendor();
    expect((await ledger(foreignVendor)).status).toBe(404);
    expect((await ledger('aaaaaaaaaaaaaaa')).status).toBe(404);
  });
});

describe('a kept ledger', () => {
  // The server keeps each ledger page until the site changes (platform/site-memo.ts).
  it('shows a write through the API on the next read', async () => {
    const vendor = await kit.vendor();
    await kit.delivery(vendor, 1000);
    const first = await ledger(vendor);
    expect(first.body.entries).toHaveLength(1);
    expect((await ledger(vendor)).body).toEqual(first.body);
    await kit.delivery(vendor, 250, '2026-03-02');
    const second = await ledger(vendor);
    expect(second.body.entries.map((e) => e.credit)).toEqual([1000, 250]);
    expect(second.body.summary.total_billed).toBe(1250);
  });
});

describe('a vendor with 10 000 deliveries', () => {
  it('answers the ledger quickly, with the right balances', async () => {
    const vendor = await kit.vendor('Bulk');
    const target = { siteId, vendor, item: await kit.item() };
    await insertManyDeliveries(server, target, 10_000, { delivery: 'l', line: 'm' });
    const timed = async (query: string) => {
      const started = performance.now();
      const res = await ledger(vendor, query);
      expect(res.status).toBe(200);
      return { body: res.body, ms: performance.now() - started };
    };
    const first = await timed('?perPage=100');
    expect(first.body.totalItems).toBe(10_000);
    expect(first.body.summary.ledger_balance).toBe(1_000_000);
    expect(first.body.status_breakdown.deliveries.pending.count).toBe(10_000);
    const last = await timed('?sort=-date&perPage=10');
    expect(last.body.entries[0]!.balance).toBe(1_000_000);
    const range = await timed('?from=2023-01-01&to=2023-01-31&page=1');
    expect(range.body.entries.every((e) => e.date.startsWith('2023-01'))).toBe(true);
    expect(range.body.opening_balance).toBeGreaterThan(0);
    for (const { ms } of [first, last, range]) expect(ms).toBeLessThan(1500);
  });
});
