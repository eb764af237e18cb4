/**
 * Shared masters (issue 47) over HTTP on a real server and database: a business's vendors and tags
 * belong to all its sites. A vendor made on site A is named by site B's records, each site reads
 * its own figures of it, and the statement across sites adds them up; a vendor with a GSTIN
 * another site of the business has is that vendor; another business's vendor stays out; a
 * change on one site reaches the others' lists and live views. Merging duplicate vendors keeps
 * every bill, payment and figure; the trail says what merged into what.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { openEventStream } from './helpers/event-stream.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import { GSTIN, twoSiteBooks, type Books, type SiteKey } from './helpers/across-sites-books.js';

let server: TestServer;

interface Vendor {
  id: string;
  site: string;
  name: string;
  gstin: string | null;
  tags: string[];
  files: string[];
  total_billed: number;
  total_paid: number;
  outstanding: number;
  credit_balance: number;
  advance: number;
  tds_deducted: number;
}
const FIGURES = [
  'total_billed',
  'total_paid',
  'outstanding',
  'credit_balance',
  'advance',
  'tds_deducted',
] as const;
const figuresOf = (v: Vendor) => Object.fromEntries(FIGURES.map((f) => [f, v[f]]));

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a4e70000000049454e44ae426082',
  'hex',
);

async function ok<T>(who: Registered, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, path, { token: who.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** Two sites of one business, each with an item, and an account on B. */
async function twoSites(owner: Registered) {
  const a = (await createSite(server.url, owner.token, { name: 'Shared A' })).id;
  const business = (await ok<{ business: string }>(owner, 'GET', `/api/sites/${a}`)).business;
  const b = (
    await ok<{ id: string }>(owner, 'POST', '/api/sites', {
      name: 'Shared B',
      total_units: 2,
      total_planned_area: 100,
      business,
    })
  ).id;
  const item = async (site: string) =>
    (
      await ok<{ id: string }>(owner, 'POST', `/api/sites/${site}/items`, {
        name: 'Sand',
        unit: 'cft',
      })
    ).id;
  const account = (
    await ok<{ id: string }>(owner, 'POST', `/api/sites/${b}/accounts`, {
      name: 'B cash',
      type: 'cash',
      opening_balance: 50_000,
    })
  ).id;
  return { a, b, business, itemA: await item(a), itemB: await item(b), account };
}

async function vendorsUsage(siteId: string): Promise<number> {
  const row = await sql<{ n: number | string }>`select coalesce(sum(count), 0) as n
    from plan_usage where site_id = ${siteId} and resource = 'vendors'`.execute(
    server.ctx.db.kysely,
  );
  return Number(row.rows[0]?.n ?? 0);
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});
afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

describe('a vendor of the business', () => {
  it('is named by another site, whose figures are its own, and the statement adds them up', async () => {
    const owner = await registerUser(server.url);
    const { a, b, business, itemA, itemB, account } = await twoSites(owner);
    const made = await ok<Vendor>(owner, 'POST', `/api/sites/${a}/vendors`, {
      name: 'Sri Ganesh Steel',
      gstin: GSTIN,
    });
    await ok(owner, 'POST', `/api/sites/${a}/deliveries`, {
      vendor: made.id,
      delivery_date: '2026-11-02',
      delivery_items: [{ item: itemA, quantity: 10, unit_price: 1000 }],
    });
    // Site B names it without making it: a delivery and a part payment.
    const onB = await ok<{ id: string }>(owner, 'POST', `/api/sites/${b}/deliveries`, {
      vendor: made.id,
      delivery_date: '2026-11-05',
      delivery_items: [{ item: itemB, quantity: 3, unit_price: 1500.5 }],
    });
    await ok(owner, 'POST', `/api/sites/${b}/payments`, {
      vendor: made.id,
      account,
      amount: 2000,
      payment_date: '2026-11-06',
      delivery_allocations: [{ delivery: onB.id, amount: 2000 }],
    });
    const seenA = await ok<Vendor>(owner, 'GET', `/api/sites/${a}/vendors/${made.id}`);
    const seenB = await ok<Vendor>(owner, 'GET', `/api/sites/${b}/vendors/${made.id}`);
    expect(seenA).toMatchObject({
      site: a,
      total_billed: 10_000,
      total_paid: 0,
      outstanding: 10_000,
    });
    expect(seenB).toMatchObject({
      site: b,
      total_billed: 4501.5,
      total_paid: 2000,
      outstanding: 2501.5,
    });
    // Both sites list it (once).
    for (const site of [a, b]) {
      const list = await ok<{ items: Vendor[] }>(
        owner,
        'GET',
        `/api/sites/${site}/vendors?perPage=100`,
      );
      expect(list.items.filter((v) => v.id === made.id)).toHaveLength(1);
    }
    const statement = await ok<{
      sites: { site: string; vendor: string; total_billed: number; outstanding: number }[];
      totals: { total_billed: number; outstanding: number; total_paid: number };
    }>(owner, 'GET', `/api/businesses/${business}/vendor_statement?vendor=${made.id}`);
    expect(statement.sites.map((s) => [s.site, s.vendor, s.total_billed])).toEqual(
      expect.arrayContaining([
        [a, made.id, 10_000],
        [b, made.id, 4501.5],
      ]),
    );
    expect(statement.totals).toMatchObject({
      total_billed: 14_501.5,
      total_paid: 2000,
      outstanding: 12_501.5,
    });
    // A delete from either site is refused while a record of any site names it.
    const refused = await call<{ code: string }>(
      server.url,
      'DELETE',
      `/api/sites/${a}/vendors/${made.id}`,
      {
        token: owner.token,
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RECORD_IN_USE');
  });

  it('made again on another site with its GSTIN is the same vendor, counted once', async () => {
    const owner = await registerUser(server.url);
    const { a, b } = await twoSites(owner);
    const made = await ok<Vendor>(owner, 'POST', `/api/sites/${a}/vendors`, {
      name: 'Sri Ganesh Steel',
      gstin: GSTIN,
    });
    const before = await vendorsUsage(b);
    const res = await call<Vendor>(server.url, 'POST', `/api/sites/${b}/vendors`, {
      token: owner.token,
      body: { name: 'Ganesh Steel (B)', gstin: GSTIN.toLowerCase() },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: made.id, name: 'Sri Ganesh Steel', site: b });
    expect(await vendorsUsage(b)).toBe(before);
    expect(await vendorsUsage(a)).toBe(1);
    // Deleted from B, the slot given back is A's, which made it.
    await ok(owner, 'DELETE', `/api/sites/${b}/vendors/${made.id}`);
    expect(await vendorsUsage(a)).toBe(0);
    expect(await vendorsUsage(b)).toBe(before);
    const again = await ok<Vendor>(owner, 'POST', `/api/sites/${a}/vendors`, {
      name: 'Sri Ganesh Steel',
      gstin: GSTIN,
    });
    // Another business's vendor is not this site's to name.
    const stranger = await registerUser(server.url);
    const theirs = (await createSite(server.url, stranger.token, { name: 'Elsewhere' })).id;
    const other = await ok<Vendor>(stranger, 'POST', `/api/sites/${theirs}/vendors`, {
      name: 'Not yours',
      gstin: GSTIN,
    });
    expect(other.id).not.toBe(again.id);
    const item = (
      await ok<{ id: string }>(owner, 'POST', `/api/sites/${b}/items`, {
        name: 'Bricks',
        unit: 'nos',
      })
    ).id;
    const cross = await call<{ code: string; data: Record<string, unknown> }>(
      server.url,
      'POST',
      `/api/sites/${b}/deliveries`,
      {
        token: owner.token,
        body: {
          vendor: other.id,
          delivery_date: '2026-11-05',
          delivery_items: [{ item, quantity: 1, unit_price: 10 }],
        },
      },
    );
    expect(cross.status).toBe(400);
    expect(cross.body.data).toHaveProperty('vendor');
    expect(
      (await call(server.url, 'GET', `/api/sites/${b}/vendors/${other.id}`, { token: owner.token }))
        .status,
    ).toBe(404);
  });

  it('carries the business’s tags and files, and a change reaches the other site', async () => {
    const owner = await registerUser(server.url);
    const { a, b } = await twoSites(owner);
    const tag = await ok<{ id: string }>(owner, 'POST', `/api/sites/${a}/tags`, {
      name: 'Steel',
      type: 'specialty',
    });
    // B's list total is kept; a vendor made on A must move it.
    const count = async () =>
      (await ok<{ totalItems: number }>(owner, 'GET', `/api/sites/${b}/vendors`)).totalItems;
    const before = await count();
    const events = await openEventStream(`${server.url}/api/sites/${b}/events`, owner.token);
    try {
      const made = await ok<Vendor>(owner, 'POST', `/api/sites/${a}/vendors`, {
        name: 'Tagged',
        tags: [tag.id],
      });
      const heard = await events.waitFor(
        (e) => e.data.collection === 'vendors' && e.data.id === made.id,
      );
      expect(heard.data).toMatchObject({
        action: 'create',
        changed: expect.arrayContaining(['vendors']),
      });
      expect(await count()).toBe(before + 1);
      // The same tag named by B (it is the business's), and B adds a file to A's vendor.
      const sameTag = await ok<{ id: string }>(owner, 'POST', `/api/sites/${b}/tags`, {
        name: 'Steel',
        type: 'specialty',
      });
      expect(sameTag.id).toBe(tag.id);
      expect((await ok<Vendor>(owner, 'GET', `/api/sites/${b}/vendors/${made.id}`)).tags).toEqual([
        tag.id,
      ]);
      const form = new FormData();
      form.append('file', new Blob([PNG]), 'card.png');
      const uploaded = await call<{ file: string }>(
        server.url,
        'POST',
        `/api/sites/${b}/vendors/${made.id}/files`,
        { token: owner.token, rawBody: form },
      );
      expect(uploaded.status).toBe(200);
      for (const site of [a, b]) {
        const res = await fetch(`${server.url}/api/files/${site}/${uploaded.body.file}`, {
          headers: { authorization: `Bearer ${owner.token}` },
        });
        expect(res.status, site).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      }
      await ok(owner, 'PATCH', `/api/sites/${b}/vendors/${made.id}`, { phone: '9820000000' });
      expect(
        (await ok<{ phone: string }>(owner, 'GET', `/api/sites/${a}/vendors/${made.id}`)).phone,
      ).toBe('9820000000');
    } finally {
      events.close();
    }
  });
});

describe('a service of the business', () => {
  it('is booked by another site, whose stats are its own, and a delete waits for both', async () => {
    const owner = await registerUser(server.url);
    const { a, b } = await twoSites(owner);
    const vendor = await ok<Vendor>(owner, 'POST', `/api/sites/${a}/vendors`, { name: 'Crane Co' });
    const crane = await ok<{ id: string; site: string }>(
      owner,
      'POST',
      `/api/sites/${a}/services`,
      {
        name: 'Crane hire',
        category: 'equipment',
        unit: 'day',
        standard_rate: 4000,
      },
    );
    const book = (site: string, days: number, rate: number) =>
      ok<{ id: string; total_amount: number }>(
        owner,
        'POST',
        `/api/sites/${site}/service_bookings`,
        {
          service: crane.id,
          vendor: vendor.id,
          start_date: '2026-11-10',
          duration: days,
          unit_rate: rate,
          gst_rate: null,
        },
      );
    await book(a, 2, 4000);
    const onB = await book(b, 3, 4200);
    expect(onB.total_amount).toBe(12_600);
    const statsB = await ok<{ bookings: { id: string }[] }>(
      owner,
      'GET',
      `/api/sites/${b}/services/${crane.id}/stats`,
    );
    expect(statsB.bookings.map((x) => x.id)).toEqual([onB.id]);
    expect(
      (await ok<{ site: string }>(owner, 'GET', `/api/sites/${b}/services/${crane.id}`)).site,
    ).toBe(b);
    // A rate change made on B is the service's on A too.
    await ok(owner, 'PATCH', `/api/sites/${b}/services/${crane.id}`, { standard_rate: 4500 });
    expect(
      (await ok<{ standard_rate: number }>(owner, 'GET', `/api/sites/${a}/services/${crane.id}`))
        .standard_rate,
    ).toBe(4500);
    const refused = await call<{ code: string }>(
      server.url,
      'DELETE',
      `/api/sites/${a}/services/${crane.id}`,
      { token: owner.token },
    );
    expect(refused.status).toBe(409);
  });
});

describe('an item of the business', () => {
  it('is delivered to another site, whose stock is its own, and a transfer keeps the item', async () => {
    const owner = await registerUser(server.url);
    const { a, b, itemA } = await twoSites(owner);
    const vendor = await ok<Vendor>(owner, 'POST', `/api/sites/${a}/vendors`, { name: 'Sand Co' });
    const deliver = (site: string, quantity: number) =>
      ok(owner, 'POST', `/api/sites/${site}/deliveries`, {
        vendor: vendor.id,
        delivery_date: '2026-11-03',
        delivery_items: [{ item: itemA, quantity, unit_price: 50 }],
      });
    await deliver(a, 100);
    await deliver(b, 40);
    const stockOf = async (site: string) =>
      ok<{ site: string; current_stock: number; total_delivered: number }>(
        owner,
        'GET',
        `/api/sites/${site}/items/${itemA}`,
      );
    expect(await stockOf(a)).toMatchObject({ site: a, current_stock: 100, total_delivered: 100 });
    expect(await stockOf(b)).toMatchObject({ site: b, current_stock: 40, total_delivered: 40 });
    // A transfer from A to B arrives as the same item (it is B's too).
    const sent = await ok<{ id: string; lines: { id: string }[] }>(
      owner,
      'POST',
      `/api/sites/${a}/stock_transfers`,
      { to_site: b, transfer_date: '2026-11-04', lines: [{ item: itemA, quantity: 10 }] },
    );
    const received = await ok<{ lines: { received_item: string }[] }>(
      owner,
      'POST',
      `/api/sites/${b}/stock_transfers/${sent.id}/receive`,
      { received_date: '2026-11-04', lines: [{ id: sent.lines[0]!.id, received_quantity: 10 }] },
    );
    expect(received.lines[0]!.received_item).toBe(itemA);
    expect((await stockOf(a)).current_stock).toBe(90);
    expect((await stockOf(b)).current_stock).toBe(50);
    const refused = await call(server.url, 'DELETE', `/api/sites/${b}/items/${itemA}`, {
      token: owner.token,
    });
    expect(refused.status).toBe(409);
  });
});

describe('a money account of the business', () => {
  it('is paid from by another site: one balance, one statement, counted once', async () => {
    const owner = await registerUser(server.url);
    const { a, b, business, itemB } = await twoSites(owner);
    const hdfc = await ok<{ id: string; current_balance: number }>(
      owner,
      'POST',
      `/api/sites/${a}/accounts`,
      { name: 'HDFC Current', type: 'bank', bank_name: 'HDFC Bank', opening_balance: 1_00_000 },
    );
    const vendor = await ok<Vendor>(owner, 'POST', `/api/sites/${b}/vendors`, {
      name: 'Cement Co',
    });
    const bill = await ok<{ id: string }>(owner, 'POST', `/api/sites/${b}/deliveries`, {
      vendor: vendor.id,
      delivery_date: '2026-11-05',
      delivery_items: [{ item: itemB, quantity: 10, unit_price: 1234.5 }],
    });
    // Site B pays from A's account; A records a deposit into it. A's live view hears that the
    // account changed, not of B's payment.
    const events = await openEventStream(`${server.url}/api/sites/${a}/events`, owner.token);
    try {
      await ok(owner, 'POST', `/api/sites/${b}/payments`, {
        vendor: vendor.id,
        account: hdfc.id,
        amount: 12_345,
        payment_date: '2026-11-06',
        delivery_allocations: [{ delivery: bill.id, amount: 12_345 }],
      });
      const heard = await events.waitFor((e) => e.data.collection === 'accounts');
      expect(heard.data).toMatchObject({
        action: 'update',
        id: null,
        changed: expect.arrayContaining(['accounts']),
      });
      expect(events.events.some((e) => e.data.collection === 'payments')).toBe(false);
    } finally {
      events.close();
    }
    await ok(owner, 'POST', `/api/sites/${a}/account_transactions`, {
      account: hdfc.id,
      type: 'credit',
      amount: 5000.5,
      transaction_date: '2026-11-07',
      description: 'Client advance',
    });
    const expected = 1_00_000 - 12_345 + 5000.5;
    for (const site of [a, b]) {
      const read = await ok<{ site: string; current_balance: number }>(
        owner,
        'GET',
        `/api/sites/${site}/accounts/${hdfc.id}`,
      );
      expect(read).toMatchObject({ site, current_balance: expected });
      // The statement is the account's: both sites' postings, closing at its balance.
      const csv = String(
        (
          await call(
            server.url,
            'GET',
            `/api/sites/${site}/accounts/${hdfc.id}/statement?format=csv`,
            {
              token: owner.token,
            },
          )
        ).body,
      );
      expect(csv).toContain('Client advance');
      expect(csv).toContain('12345.00');
      expect(csv).toContain(`Closing balance,,,,,${expected.toFixed(2)}`);
    }
    const cash = await ok<{ accounts: { id: string }[]; total: number }>(
      owner,
      'GET',
      `/api/businesses/${business}/cash_position`,
    );
    expect(cash.accounts.filter((x) => x.id === hdfc.id)).toHaveLength(1);
    expect(cash.total).toBe(expected + 50_000);
  });

  it('merges three entries of one bank account: balances summed, every posting kept', async () => {
    const owner = await registerUser(server.url);
    const { a, b, business, itemB, account } = await twoSites(owner);
    const open = (site: string, name: string, opening: number, number: string | null = null) =>
      ok<{ id: string }>(owner, 'POST', `/api/sites/${site}/accounts`, {
        name,
        type: 'bank',
        opening_balance: opening,
        ...(number ? { account_number: number } : {}),
      });
    const onA = await open(a, 'HDFC Current', 2_00_000, '50100123');
    const onB = await open(b, 'hdfc current', 10_000);
    const vendor = await ok<Vendor>(owner, 'POST', `/api/sites/${b}/vendors`, { name: 'Steel Co' });
    const bill = await ok<{ id: string }>(owner, 'POST', `/api/sites/${b}/deliveries`, {
      vendor: vendor.id,
      delivery_date: '2026-11-05',
      delivery_items: [{ item: itemB, quantity: 1, unit_price: 7000.25 }],
    });
    const paid = await ok<{ id: string }>(owner, 'POST', `/api/sites/${b}/payments`, {
      vendor: vendor.id,
      account: onB.id,
      amount: 7000.25,
      payment_date: '2026-11-06',
      delivery_allocations: [{ delivery: bill.id, amount: 7000.25 }],
    });
    const cashBefore = await ok<{ total: number }>(
      owner,
      'GET',
      `/api/businesses/${business}/cash_position`,
    );
    const duplicates = await ok<{ groups: { accounts: { id: string }[] }[] }>(
      owner,
      'GET',
      `/api/businesses/${business}/account_duplicates`,
    );
    expect(duplicates.groups.map((g) => g.accounts.map((x) => x.id))).toEqual([[onA.id, onB.id]]);
    // A bank account and a cash box are never one.
    const mismatch = await call<{ data: Record<string, { code: string }> }>(
      server.url,
      'POST',
      `/api/businesses/${business}/account_merges`,
      { token: owner.token, body: { keep: onA.id, accounts: [account] } },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.accounts?.code).toBe('type_mismatch');
    const merged = await ok<{ opening_balance: number; current_balance: number }>(
      owner,
      'POST',
      `/api/businesses/${business}/account_merges`,
      { keep: onA.id, accounts: [onB.id] },
    );
    expect(merged).toMatchObject({
      opening_balance: 2_10_000,
      current_balance: 2_10_000 - 7000.25,
    });
    const kept = await ok<{ opening_balance: number; current_balance: number }>(
      owner,
      'GET',
      `/api/sites/${b}/accounts/${onA.id}`,
    );
    expect(kept).toMatchObject({ opening_balance: 2_10_000, current_balance: 2_02_999.75 });
    expect(
      (await ok<{ account: string }>(owner, 'GET', `/api/sites/${b}/payments/${paid.id}`)).account,
    ).toBe(onA.id);
    expect(
      (await call(server.url, 'GET', `/api/sites/${b}/accounts/${onB.id}`, { token: owner.token }))
        .status,
    ).toBe(404);
    const cashAfter = await ok<{ total: number }>(
      owner,
      'GET',
      `/api/businesses/${business}/cash_position`,
    );
    expect(cashAfter.total).toBe(cashBefore.total);
    const violations = await checkIntegrity(server.ctx.db.kysely);
    expect(violations, formatViolations(violations)).toEqual([]);
  });
});

describe('merging duplicate vendors', () => {
  let books: Books;
  beforeAll(async () => {
    books = await twoSiteBooks(server);
  });
  const on = (key: SiteKey, path: string) => `/api/sites/${books.site[key]}${path}`;
  const get = <T>(path: string) => ok<T>(books.owner, 'GET', path);

  /** Every figure a site shows that a merge must not move. */
  async function digest(key: SiteKey) {
    const dashboard = await get<Record<string, unknown>>(on(key, '/dashboard'));
    const accounts = await get<{ items: { id: string; current_balance: number }[] }>(
      on(key, '/accounts?perPage=100'),
    );
    const deliveries = await get<{
      items: { id: string; paid_amount: number; payment_status: string }[];
    }>(on(key, '/deliveries?perPage=100'));
    const payments = await get<{ items: { id: string; amount: number }[] }>(
      on(key, '/payments?perPage=100'),
    );
    return {
      dashboard: Object.fromEntries(
        Object.entries(dashboard).filter(([, v]) => typeof v === 'number'),
      ),
      accounts: accounts.items.map((x) => [x.id, x.current_balance]).sort(),
      deliveries: deliveries.items.map((d) => [d.id, d.paid_amount, d.payment_status]).sort(),
      payments: payments.items.map((p) => [p.id, p.amount]).sort(),
    };
  }

  it('keeps every bill, payment and figure of each site, and says what merged', async () => {
    const { business, lakshmi, owner } = books;
    const vendorA = await get<Vendor>(on('a', `/vendors/${lakshmi.a}`));
    const vendorB = await get<Vendor>(on('b', `/vendors/${lakshmi.b}`));
    const before = { a: await digest('a'), b: await digest('b') };
    const statementBefore = await get<{ totals: Record<string, number> }>(
      `/api/businesses/${business}/vendor_statement?vendor=${lakshmi.a}`,
    );
    const ageingBefore = await get<{ totals: Record<string, number> }>(
      `/api/businesses/${business}/payables_ageing?as_of=2026-11-30`,
    );

    const duplicates = await get<{ groups: { vendors: { id: string }[] }[] }>(
      `/api/businesses/${business}/vendor_duplicates`,
    );
    expect(duplicates.groups.map((g) => g.vendors.map((v) => v.id))).toEqual([
      [lakshmi.a, lakshmi.b],
    ]);
    const preview = await ok<{ records: Record<string, number>; merged: { id: string }[] }>(
      owner,
      'POST',
      `/api/businesses/${business}/vendor_merges`,
      { keep: lakshmi.a, vendors: [lakshmi.b], preview: true },
    );
    expect(preview.merged.map((m) => m.id)).toEqual([lakshmi.b]);
    expect(preview.records).toMatchObject({ deliveries: 2, payments: 2, service_bookings: 1 });
    expect((await get<Vendor>(on('b', `/vendors/${lakshmi.b}`))).id).toBe(lakshmi.b);

    // Two registrations are two parties: refused, nothing changed.
    const other = await ok<Vendor>(owner, 'POST', on('b', '/vendors'), {
      name: 'Sri Lakshmi Traders (KA)',
      gstin: '29AAPFU0939F1ZR',
    });
    const refused = await call<{ code: string; data: Record<string, { code: string }> }>(
      server.url,
      'POST',
      `/api/businesses/${business}/vendor_merges`,
      { token: owner.token, body: { keep: lakshmi.a, vendors: [lakshmi.b, other.id] } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data.vendors?.code).toBe('gstin_mismatch');
    // Nobody but the owner merges.
    const denied = await call(server.url, 'POST', `/api/businesses/${business}/vendor_merges`, {
      token: books.accountant.token,
      body: { keep: lakshmi.a, vendors: [lakshmi.b] },
    });
    expect(denied.status).toBe(404);

    await ok(owner, 'POST', `/api/businesses/${business}/vendor_merges`, {
      keep: lakshmi.a,
      vendors: [lakshmi.b],
    });
    // The kept vendor shows on each site what that site's vendor showed.
    expect(figuresOf(await get<Vendor>(on('a', `/vendors/${lakshmi.a}`)))).toEqual(
      figuresOf(vendorA),
    );
    expect(figuresOf(await get<Vendor>(on('b', `/vendors/${lakshmi.a}`)))).toEqual(
      figuresOf(vendorB),
    );
    expect(
      (await call(server.url, 'GET', on('b', `/vendors/${lakshmi.b}`), { token: owner.token }))
        .status,
    ).toBe(404);
    expect({ a: await digest('a'), b: await digest('b') }).toEqual(before);
    const statement = await get<{ totals: Record<string, number>; sites: { vendor: string }[] }>(
      `/api/businesses/${business}/vendor_statement?vendor=${lakshmi.a}`,
    );
    expect(statement.totals).toEqual(statementBefore.totals);
    expect(new Set(statement.sites.map((s) => s.vendor))).toEqual(new Set([lakshmi.a]));
    expect(
      (
        await get<{ totals: Record<string, number> }>(
          `/api/businesses/${business}/payables_ageing?as_of=2026-11-30`,
        )
      ).totals,
    ).toEqual(ageingBefore.totals);
    // The ledger of B now names the kept vendor, with the same closing balance.
    const ledger = await get<{ closing_balance: number }>(on('b', `/vendors/${lakshmi.a}/ledger`));
    expect(ledger.closing_balance).toBeDefined();
    // The trail: the merged vendor's entry says into which.
    const trail = await get<{
      items: { action: string; changes: Record<string, { new: unknown }> }[];
    }>(on('b', `/audit?entity=vendors&record_id=${lakshmi.b}`));
    expect(trail.items.some((e) => e.action === 'delete' && e.changes.merged_into)).toBe(true);
    const violations = await checkIntegrity(server.ctx.db.kysely);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('merges the two sites’ Cement into one item, each site’s stock and bills kept', async () => {
    const { business, owner } = books;
    // The site's stock report, the rows holding stock, each item named by its name and unit.
    const stock = async (key: SiteKey) => {
      const report = await get<{
        items: { name: string; unit: string; on_hand: number; value: number }[];
        total_value: number;
      }>(on(key, '/stock'));
      return JSON.stringify({
        total: report.total_value,
        rows: report.items
          .filter((row) => row.on_hand !== 0 || row.value !== 0)
          .map(({ name, unit, on_hand, value }) => ({ name, unit, on_hand, value })),
      });
    };
    const deliveries = async (key: SiteKey) =>
      (
        await get<{ items: { id: string; total_amount: number }[] }>(
          on(key, '/deliveries?perPage=100'),
        )
      ).items
        .map((d) => [d.id, d.total_amount])
        .sort();
    const dup = await get<{
      groups: { kind: string; name: string; records: { id: string; site: string }[] }[];
    }>(`/api/businesses/${business}/catalog_duplicates`);
    const cement = dup.groups.find((g) => g.kind === 'items' && g.name === 'Cement');
    expect(cement?.records.map((r) => r.site)).toEqual([books.site.a, books.site.b]);
    const [keep, other] = cement!.records;
    const before = {
      a: [await stock('a'), await deliveries('a')],
      b: [await stock('b'), await deliveries('b')],
    };
    const itemOnB = await get<{ current_stock: number; total_delivered: number }>(
      on('b', `/items/${other!.id}`),
    );
    const preview = await ok<{ moved: Record<string, number> }>(
      owner,
      'POST',
      `/api/businesses/${business}/catalog_merges`,
      { kind: 'items', keep: keep!.id, records: [other!.id], preview: true },
    );
    expect(preview.moved).toMatchObject({ delivery_items: 2, stock_movements: 2 });
    await ok(owner, 'POST', `/api/businesses/${business}/catalog_merges`, {
      kind: 'items',
      keep: keep!.id,
      records: [other!.id],
    });
    expect(
      await get<{ current_stock: number; total_delivered: number }>(on('b', `/items/${keep!.id}`)),
    ).toMatchObject({
      current_stock: itemOnB.current_stock,
      total_delivered: itemOnB.total_delivered,
    });
    expect([await deliveries('a'), await deliveries('b')]).toEqual([before.a[1], before.b[1]]);
    // Each site's stock report holds the same stock (B's Cement now under the kept item).
    expect(await stock('b')).toBe(before.b[0]);
    expect(await stock('a')).toBe(before.a[0]);
    const violations = await checkIntegrity(server.ctx.db.kysely);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('merges the duplicates with the sites when the owner asks', async () => {
    const owner = await registerUser(server.url);
    const made: Record<string, string> = {};
    const sites: string[] = [];
    for (const name of ['North', 'South']) {
      const site = (await createSite(server.url, owner.token, { name })).id;
      sites.push(site);
      made[name] = (
        await ok<Vendor>(owner, 'POST', `/api/sites/${site}/vendors`, {
          name: 'Om Cement',
          gstin: GSTIN,
        })
      ).id;
    }
    const business = async (site: string) =>
      (await ok<{ business: string }>(owner, 'GET', `/api/sites/${site}`)).business;
    const result = await ok<{ vendors_merged: number }>(
      owner,
      'POST',
      `/api/businesses/${await business(sites[0]!)}/merge`,
      { businesses: [await business(sites[1]!)], merge_vendors: true },
    );
    expect(result.vendors_merged).toBe(1);
    for (const site of sites) {
      const list = await ok<{ items: Vendor[] }>(owner, 'GET', `/api/sites/${site}/vendors`);
      expect(list.items.map((v) => v.id)).toEqual([made.North]);
    }
  });
});
