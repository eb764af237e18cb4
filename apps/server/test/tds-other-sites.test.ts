/**
 * A bill on one site that recomputes the TDS of another site's bill (the deductor is every site
 * sharing the TAN, API.md "TDS") over HTTP on a real server: the other site's kept figures (its
 * dashboard and the vendor's ledger, cached until the site changes) show what the bill now owes,
 * and its open event streams hear of the change. Before, they kept the figures from before.
 * And a challan recorded on one site deposits the month of every site of the TAN: the others'
 * deposit status and "TDS to deposit" follow it (before, each site counted its own challans).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { openEventStream } from './helpers/event-stream.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;

async function ok<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, path, { token: owner.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** A site of the TAN with an item and the contractor (a firm's PAN, § 194C). */
async function site(
  tan = 'MUMA12345B',
  pan = 'AAAFL1234C',
): Promise<{ id: string; item: string; vendor: string }> {
  const { id } = await createSite(server.url, owner.token);
  await ok('PATCH', `/api/sites/${id}`, { tan });
  const item = await ok<{ id: string }>('POST', `/api/sites/${id}/items`, {
    name: 'Shuttering work',
    unit: 'm2',
  });
  const vendor = await ok<{ id: string }>('POST', `/api/sites/${id}/vendors`, {
    name: 'Sri Lakshmi Contractors',
    pan,
    tds_section: '194C',
  });
  return { id, item: item.id, vendor: vendor.id };
}

function bill(at: { id: string; item: string; vendor: string }, date: string, rupees: number) {
  return ok<{ id: string; tds_amount: number }>('POST', `/api/sites/${at.id}/deliveries`, {
    vendor: at.vendor,
    delivery_date: date,
    delivery_items: [{ item: at.item, quantity: 1, unit_price: rupees }],
  });
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

// A plan lets an owner have three sites: each case is a new owner.
beforeEach(async () => {
  owner = await registerUser(server.url);
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

describe("another site's bill recomputed", () => {
  it('moves that site’s dashboard, ledger and live views to what its bills now owe', async () => {
    const a = await site();
    const b = await site();
    // B: ₹20,000 twice, neither over ₹30,000 alone nor the year over ₹1,00,000: no TDS.
    const june = await bill(b, '2026-06-01', 20_000);
    const july = await bill(b, '2026-07-01', 20_000);
    expect([june.tds_amount, july.tds_amount]).toEqual([0, 0]);
    const figures = async () => {
      const dashboard = await ok<{ outstanding_amount: number }>(
        'GET',
        `/api/sites/${b.id}/dashboard`,
      );
      const vendor = await ok<{ outstanding: number; tds_deducted: number }>(
        'GET',
        `/api/sites/${b.id}/vendors/${b.vendor}`,
      );
      const ledger = await ok<{ entries: { balance: number }[] }>(
        'GET',
        `/api/sites/${b.id}/vendors/${b.vendor}/ledger`,
      );
      return {
        dashboard: dashboard.outstanding_amount,
        vendor: vendor.outstanding,
        tds: vendor.tds_deducted,
        ledger: ledger.entries.at(-1)?.balance,
      };
    };
    // Read (and so kept) before A's bill.
    expect(await figures()).toEqual({ dashboard: 40_000, vendor: 40_000, tds: 0, ledger: 40_000 });
    const stream = await openEventStream(`${server.url}/api/sites/${b.id}/events`, owner.token);
    await stream.waitFor((e) => e.event === 'ready');

    // A, dated before both: ₹70,000 (over ₹30,000 alone). With it the year passes ₹1,00,000 on
    // B's July bill, which now takes the TDS of the year's untaxed credits.
    const may = await bill(a, '2026-05-01', 70_000);
    expect(may.tds_amount).toBe(1400);
    const after = await ok<{ tds_amount: number }>(
      'GET',
      `/api/sites/${b.id}/deliveries/${july.id}`,
    );
    expect(after.tds_amount).toBeGreaterThan(0);
    const owed = 40_000 - after.tds_amount;
    expect(await figures()).toEqual({
      dashboard: owed,
      vendor: owed,
      tds: after.tds_amount,
      ledger: owed,
    });
    const heard = await stream.waitFor((e) => e.event === 'record' && e.data.action === 'update');
    expect(heard.data.changed).toContain('deliveries');
    stream.close();
  });
});

describe('a challan of the TAN recorded on one site', () => {
  interface Deposit {
    section: string;
    month: string;
    tds_amount: number;
    deposited: number;
    deductor_tds_amount: number;
    deductor_deposited: number;
    status: string;
  }
  const deposits = async (siteId: string) =>
    (
      await ok<{ deposits: Deposit[] }>(
        'GET',
        `/api/sites/${siteId}/reports/tds?from=2026-09-01&to=2026-09-30`,
      )
    ).deposits;
  const toDeposit = async (siteId: string) =>
    (await ok<{ tds_to_deposit: number }>('GET', `/api/sites/${siteId}/dashboard`)).tds_to_deposit;

  it("deposits every site's month: B's status and TDS to deposit follow A's challan", async () => {
    const a = await site('PNEB12345C', 'AABFS4321K');
    const b = await site('PNEB12345C', 'AABFS4321K');
    // ₹40,000 on each (over ₹30,000 alone): 2 % each, ₹800 + ₹800 for September, due 7 October.
    expect((await bill(a, '2026-09-05', 40_000)).tds_amount).toBe(800);
    expect((await bill(b, '2026-09-10', 40_000)).tds_amount).toBe(800);
    const before = {
      section: '194C',
      month: '2026-09',
      tds_amount: 800,
      deposited: 0,
      deductor_tds_amount: 1600,
      deductor_deposited: 0,
      status: 'overdue',
    };
    expect(await deposits(b.id)).toMatchObject([before]);
    expect(await toDeposit(b.id)).toBe(800); // kept until the site changes

    // A short challan on A (₹1,000 of ₹1,600): ₹600 is left of the TAN's month, ₹300 on each
    // site (in proportion to its TDS of the month).
    const challan = await ok<{ id: string }>('POST', `/api/sites/${a.id}/tds_challans`, {
      section: '194C',
      month: '2026-09',
      bsr_code: '0510308',
      challan_serial: '00017',
      deposit_date: '2026-10-06',
      amount: 1000,
    });
    expect(await deposits(b.id)).toMatchObject([{ ...before, deductor_deposited: 1000 }]);
    expect(await toDeposit(b.id)).toBe(300);
    expect(await toDeposit(a.id)).toBe(300);

    // The whole month deposited: deposited on both sites, nothing left on either dashboard.
    await ok('PATCH', `/api/sites/${a.id}/tds_challans/${challan.id}`, { amount: 1600 });
    expect(await deposits(b.id)).toMatchObject([
      { ...before, deductor_deposited: 1600, status: 'deposited' },
    ]);
    expect(await deposits(a.id)).toMatchObject([
      { ...before, deposited: 1600, deductor_deposited: 1600, status: 'deposited' },
    ]);
    expect(await toDeposit(b.id)).toBe(0);
    expect(await toDeposit(a.id)).toBe(0);

    // Deleted: B's month is overdue again.
    await ok('DELETE', `/api/sites/${a.id}/tds_challans/${challan.id}`);
    expect(await deposits(b.id)).toMatchObject([before]);
    expect(await toDeposit(b.id)).toBe(800);
  });
});

describe("a sibling's new TDS in a deposited month", () => {
  it("brings back what is left to deposit on the other site's kept dashboard", async () => {
    const a = await site('PNEC12345D', 'AACFT5678L');
    const b = await site('PNEC12345D', 'AACFT5678L');
    expect((await bill(b, '2026-09-10', 40_000)).tds_amount).toBe(800);
    await ok('POST', `/api/sites/${a.id}/tds_challans`, {
      section: '194C',
      month: '2026-09',
      bsr_code: '0510308',
      challan_serial: '00018',
      deposit_date: '2026-10-06',
      amount: 800,
    });
    const toDeposit = async (siteId: string) =>
      (await ok<{ tds_to_deposit: number }>('GET', `/api/sites/${siteId}/dashboard`))
        .tds_to_deposit;
    expect(await toDeposit(b.id)).toBe(0); // kept until the site changes
    // A's September bill adds ₹800 to the TAN's month, which the challan does not cover: ₹800
    // is left of ₹1,600, ₹400 on each site.
    expect((await bill(a, '2026-09-20', 40_000)).tds_amount).toBe(800);
    expect(await toDeposit(b.id)).toBe(400);
    expect(await toDeposit(a.id)).toBe(400);
  });
});
