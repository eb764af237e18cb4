import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity } from '../src/integrity/check.js';
import { siteReferences } from '../src/integrity/references.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let server: TestServer;
let owner: Registered;
let siteId: string;
let otherSiteId: string;
let otherVendor: string;
const ids: Record<string, string> = {};

const url = (p: string, site = siteId) => `/api/sites/${site}${p}`;
async function post(p: string, body: unknown, token = owner.token, site = siteId) {
  const res = await call<{ id: string }>(server.url, 'POST', url(p, site), { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Runs `npm run check-integrity`'s program against this server's database. */
function cli() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir };
  if (server.ctx.config.databaseUrl) env.DATABASE_URL = server.ctx.config.databaseUrl;
  else delete env.DATABASE_URL;
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/tools/check-integrity.ts'],
    { cwd: root, env, encoding: 'utf8' },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  server = await startServer(
    { DEFAULT_PLAN: 'Basic' },
    { skipIntegrityCheck: 'this suite breaks invariants on purpose to see them reported' },
  );
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  const other = await registerUser(server.url);
  otherSiteId = (await createSite(server.url, other.token)).id;
  otherVendor = await post('/vendors', { name: 'Elsewhere' }, other.token, otherSiteId);

  ids.vendor = await post('/vendors', { name: 'Shree Traders' });
  ids.item = await post('/items', { name: 'Cement', unit: 'bag' });
  ids.account = await post('/accounts', { name: 'HDFC', type: 'bank', opening_balance: 100000 });
  ids.delivery = await post('/deliveries', {
    vendor: ids.vendor,
    delivery_date: '2026-11-10',
    delivery_items: [{ item: ids.item, quantity: 10, unit_price: 380 }],
  });
  ids.payment = await post('/payments', {
    vendor: ids.vendor,
    account: ids.account,
    amount: 1000,
    payment_date: '2026-11-11',
    delivery_allocations: [{ delivery: ids.delivery, amount: 1000 }],
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('integrity check', () => {
  it("reads every reference between site records from the schema's foreign keys", async () => {
    // The list kept by hand before issue 21: each is found, on SQLite and on PostgreSQL alike.
    const known = [
      ['account_transactions', 'account', 'accounts'],
      ['account_transactions', 'payment', 'payments'],
      ['account_transactions', 'vendor', 'vendors'],
      ['account_transactions', 'vendor_refund', 'vendor_refunds'],
      ['credit_note_usage', 'credit_note', 'vendor_credit_notes'],
      ['credit_note_usage', 'payment', 'payments'],
      ['credit_note_usage', 'vendor', 'vendors'],
      ['deliveries', 'vendor', 'vendors'],
      ['delivery_items', 'delivery', 'deliveries'],
      ['delivery_items', 'item', 'items'],
      ['item_tags', 'item', 'items'],
      ['item_tags', 'tag', 'tags'],
      ['payment_allocations', 'delivery', 'deliveries'],
      ['payment_allocations', 'payment', 'payments'],
      ['payment_allocations', 'service_booking', 'service_bookings'],
      ['payments', 'account', 'accounts'],
      ['payments', 'vendor', 'vendors'],
      ['quotations', 'item', 'items'],
      ['quotations', 'service', 'services'],
      ['quotations', 'vendor', 'vendors'],
      ['service_bookings', 'service', 'services'],
      ['service_bookings', 'vendor', 'vendors'],
      ['service_tags', 'service', 'services'],
      ['service_tags', 'tag', 'tags'],
      ['vendor_credit_notes', 'return_id', 'vendor_returns'],
      ['vendor_credit_notes', 'vendor', 'vendors'],
      ['vendor_refunds', 'account', 'accounts'],
      ['vendor_refunds', 'vendor', 'vendors'],
      ['vendor_refunds', 'vendor_return', 'vendor_returns'],
      ['vendor_return_items', 'delivery_item', 'delivery_items'],
      ['vendor_return_items', 'vendor_return', 'vendor_returns'],
      ['vendor_returns', 'vendor', 'vendors'],
      ['vendor_tags', 'tag', 'tags'],
      ['vendor_tags', 'vendor', 'vendors'],
      // Issue 24: requests, purchase orders and what is received against them.
      ['delivery_items', 'purchase_order_line', 'purchase_order_lines'],
      ['material_request_items', 'item', 'items'],
      ['material_request_items', 'material_request', 'material_requests'],
      ['purchase_order_advances', 'payment', 'payments'],
      ['purchase_order_advances', 'purchase_order', 'purchase_orders'],
      ['purchase_order_lines', 'item', 'items'],
      ['purchase_order_lines', 'material_request_item', 'material_request_items'],
      ['purchase_order_lines', 'purchase_order', 'purchase_orders'],
      ['purchase_orders', 'material_request', 'material_requests'],
      ['purchase_orders', 'quotation', 'quotations'],
      ['purchase_orders', 'vendor', 'vendors'],
      // Issue 25: site stock. A transfer line's received_item is the receiving site's item: it is
      // checked against the transfer's to_site by the stock checks, not here.
      ['stock_adjustments', 'item', 'items'],
      ['stock_consumptions', 'item', 'items'],
      ['stock_movements', 'item', 'items'],
      ['stock_transfer_lines', 'item', 'items'],
      ['stock_transfer_lines', 'stock_transfer', 'stock_transfers'],
      // Issue 40 item 9: an item's or a service's GST rate periods.
      ['gst_rate_periods', 'item', 'items'],
      ['gst_rate_periods', 'service', 'services'],
      // Issue 43: work orders, RA bills, what pays them, and a payment's work order (advances).
      ['payments', 'work_order', 'work_orders'],
      ['ra_bill_allocations', 'payment', 'payments'],
      ['ra_bill_allocations', 'ra_bill', 'ra_bills'],
      ['ra_bill_lines', 'ra_bill', 'ra_bills'],
      ['ra_bill_lines', 'work_order_line', 'work_order_lines'],
      ['ra_bills', 'vendor', 'vendors'],
      ['ra_bills', 'work_order', 'work_orders'],
      ['work_order_lines', 'work_order', 'work_orders'],
      ['work_order_variations', 'work_order', 'work_orders'],
      ['work_order_variations', 'work_order_line', 'work_order_lines'],
      ['work_orders', 'vendor', 'vendors'],
      ['tds_challans', 'account', 'accounts'],
      ['account_transactions', 'tds_challan', 'tds_challans'],
      // Issue 44: labour. A mark's and a sheet line's worker may be another site's (lent): the
      // labour checks judge those, not this list.
      ['account_transactions', 'wage_sheet', 'wage_sheets'],
      ['account_transactions', 'worker_advance', 'worker_advances'],
      ['attendance', 'wage_sheet', 'wage_sheets'],
      ['wage_sheet_allocations', 'payment', 'payments'],
      ['wage_sheet_allocations', 'wage_sheet', 'wage_sheets'],
      ['wage_sheet_lines', 'wage_sheet', 'wage_sheets'],
      ['wage_sheets', 'account', 'accounts'],
      ['wage_sheets', 'labour_contractor', 'vendors'],
      ['worker_advances', 'account', 'accounts'],
      ['worker_advances', 'worker', 'workers'],
      ['workers', 'labour_contractor', 'vendors'],
      // Issue 45: budget lines, their revisions, and what names a line.
      ['budget_line_revisions', 'budget_line', 'budget_lines'],
      ['budget_lines', 'item', 'items'],
      ['purchase_order_lines', 'budget_line', 'budget_lines'],
      ['service_bookings', 'budget_line', 'budget_lines'],
      ['wage_sheets', 'budget_line', 'budget_lines'],
      ['work_order_lines', 'budget_line', 'budget_lines'],
      // Issue 46: petty cash.
      ['account_transactions', 'imprest', 'imprests'],
      ['account_transactions', 'imprest_replenishment', 'imprest_replenishments'],
      ['imprest_replenishments', 'account', 'accounts'],
      ['imprest_replenishments', 'imprest', 'imprests'],
      ['imprests', 'account', 'accounts'],
      ['petty_expenses', 'budget_line', 'budget_lines'],
      ['petty_expenses', 'imprest', 'imprests'],
      ['petty_expenses', 'replenishment', 'imprest_replenishments'],
    ];
    const byName = (a: readonly string[], b: readonly string[]) =>
      a.join('.') < b.join('.') ? -1 : 1;
    expect(await siteReferences(server.ctx.db.kysely)).toEqual(known.sort(byName));
  });

  it('finds nothing wrong with books written through the API', async () => {
    expect(await checkIntegrity(server.ctx.db.kysely)).toEqual([]);
    const run = cli();
    expect(run.out).toContain('integrity: clean');
    expect(run.status).toBe(0);
  });

  it('reports a wrong balance, a wrong paid amount, a counter and a cross-site link', async () => {
    const db = server.ctx.db.kysely;
    await db
      .updateTable('accounts')
      .set({ current_balance: 1 })
      .where('id', '=', ids.account!)
      .execute();
    await db
      .updateTable('deliveries')
      .set({ paid_amount: 5 })
      .where('id', '=', ids.delivery!)
      .execute();
    await db
      .updateTable('plan_usage')
      .set({ count: 9 })
      .where('site_id', '=', siteId)
      .where('resource', '=', 'vendors')
      .execute();
    await db
      .updateTable('payments')
      .set({ vendor: otherVendor })
      .where('id', '=', ids.payment!)
      .execute();

    const found = await checkIntegrity(db);
    const checks = new Set(found.map((v) => v.check));
    for (const check of [
      'account balance',
      'delivery paid',
      'usage counter',
      'cross-site reference',
      'vendor mismatch',
    ]) {
      expect(checks, check).toContain(check);
    }
    expect(found.find((v) => v.check === 'account balance')).toMatchObject({
      table: 'accounts',
      id: ids.account,
    });
    const run = cli();
    expect(run.status).toBe(1);
    expect(run.out).toContain(`account balance: accounts ${ids.account}`);
    expect(run.out).toMatch(/integrity: \d+ violation/);
  });
});
