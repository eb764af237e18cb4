/**
 * A bill on one site that recomputes the TDS of another site's bill (the deductor is every site
 * sharing the TAN, API.md "TDS") over HTTP on a real server: the other site's kept figures (its
 * dashboard and the vendor's ledger, cached until the site changes) show what the bill now owes,
 * and its open event streams hear of the change. Before, they kept the figures from before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
async function site(): Promise<{ id: string; item: string; vendor: string }> {
  const { id } = await createSite(server.url, owner.token);
  await ok('PATCH', `/api/sites/${id}`, { tan: 'MUMA12345B' });
  const item = await ok<{ id: string }>('POST', `/api/sites/${id}/items`, {
    name: 'Shuttering work',
    unit: 'm2',
  });
  const vendor = await ok<{ id: string }>('POST', `/api/sites/${id}/vendors`, {
    name: 'Sri Lakshmi Contractors',
    pan: 'AAAFL1234C',
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
