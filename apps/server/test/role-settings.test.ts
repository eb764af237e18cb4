/**
 * Roles that fit how builders work (issue 47) over HTTP on a real server and database: the
 * owner of a business lets accountants record payments and accounts, and keeps balances and
 * payments from supervisors; the server answers accordingly, at once, and nobody else changes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { moneyKit, type MoneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let businessId: string;
let kit: MoneyKit;
let vendor: string;
let account: string;

interface Settings {
  accountant_payments: boolean;
  accountant_accounts: boolean;
  supervisor_balances: boolean;
  supervisor_payments: boolean;
}

const site = (path: string) => `/api/sites/${siteId}${path}`;
const as = (who: Registered, method: string, path: string, body?: unknown) =>
  call(server.url, method, path, { token: who.token, body });

async function settle(changes: Partial<Settings>): Promise<Settings> {
  const res = await as(owner, 'PATCH', `/api/businesses/${businessId}`, {
    role_settings: changes,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { role_settings: Settings }).role_settings;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  const created = await createSite(server.url, owner.token);
  siteId = created.id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  businessId = ((await as(owner, 'GET', site(''))).body as { business: string }).business;
  kit = moneyKit(server, siteId, owner.token);
  vendor = await kit.vendor('Sri Lakshmi Traders');
  account = await kit.account(50_000);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('role settings of a business', () => {
  it('start at the defaults, on the business and on the site every member reads', async () => {
    const defaults = {
      accountant_payments: false,
      accountant_accounts: false,
      supervisor_balances: true,
      supervisor_payments: true,
    };
    const business = await as(owner, 'GET', `/api/businesses/${businessId}`);
    expect(business.body).toMatchObject({ role_settings: defaults });
    const list = await as(owner, 'GET', '/api/businesses');
    expect((list.body as { items: { role_settings: Settings }[] }).items[0]?.role_settings).toEqual(
      defaults,
    );
    for (const who of [supervisor, accountant]) {
      const read = await as(who, 'GET', site(''));
      expect(read.body).toMatchObject({ role_settings: defaults });
    }
  });

  it('only the owner changes them: an accountant is told the business is not there', async () => {
    const res = await as(accountant, 'PATCH', `/api/businesses/${businessId}`, {
      role_settings: { accountant_payments: true },
    });
    expect(res.status).toBe(404);
    const bad = await as(owner, 'PATCH', `/api/businesses/${businessId}`, {
      role_settings: { accountant_payments: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('lets an accountant record and edit payments once the owner allows it', async () => {
    const bill = await kit.delivery(vendor, 1200);
    const body = {
      vendor,
      account,
      amount: 1200,
      delivery_allocations: [{ delivery: bill, amount: 1200 }],
    };
    const refused = await kit.pay(body, accountant.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PERMISSION_DENIED' });

    expect(await settle({ accountant_payments: true })).toMatchObject({
      accountant_payments: true,
      supervisor_balances: true,
    });
    const paid = await kit.pay<{ id: string }>(body, accountant.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const edited = await as(accountant, 'PATCH', site(`/payments/${paid.body.id}`), {
      reference: 'UTR-77',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ reference: 'UTR-77' });
    // Deleting stays the owner's; accounts are not in the bargain.
    expect((await as(accountant, 'DELETE', site(`/payments/${paid.body.id}`))).status).toBe(403);
    const newAccount = { name: 'Cash box', type: 'cash', opening_balance: 0 };
    expect((await as(accountant, 'POST', site('/accounts'), newAccount)).status).toBe(403);
    await settle({ accountant_accounts: true });
    expect((await as(accountant, 'POST', site('/accounts'), newAccount)).status).toBe(201);
    expect((await as(accountant, 'GET', site(''))).body).toMatchObject({
      role_settings: { accountant_payments: true, accountant_accounts: true },
    });
  });

  it('keeps balances from a supervisor in every answer once the owner says so', async () => {
    expect((await as(supervisor, 'GET', site('/accounts'))).status).toBe(200);
    await settle({ supervisor_balances: false });
    for (const path of [
      '/accounts',
      `/accounts/${account}`,
      `/accounts/${account}/statement?format=csv`,
      '/accounts/export?format=csv',
      '/account_transactions',
      `/audit/accounts/${account}`,
    ]) {
      const res = await as(supervisor, 'GET', site(path));
      expect(res.status, path).toBe(403);
      expect(res.body, path).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    expect(
      (await as(supervisor, 'POST', site('/accounts'), { name: 'X', type: 'cash' })).status,
    ).toBe(403);
    // Where an account is inlined, its balance is not.
    for (const path of ['/payments?expand=account,vendor', '/dashboard', '']) {
      const res = await call(server.url, 'GET', site(path), { token: supervisor.token });
      expect(res.status, path).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text, path).not.toContain('current_balance');
      expect(text, path).not.toContain('opening_balance');
    }
    const payments = await as(supervisor, 'GET', site('/payments?expand=account'));
    expect(JSON.stringify(payments.body)).toContain('"account":{');
    // The owner and the accountant still see them.
    expect((await as(owner, 'GET', site(`/accounts/${account}`))).status).toBe(200);
    expect((await as(accountant, 'GET', site('/accounts'))).status).toBe(200);
  });

  it('keeps payments from a supervisor: the routes and the dashboard figures', async () => {
    const before = (await as(supervisor, 'GET', site('/dashboard'))).body;
    expect(before).toHaveProperty('total_paid');
    await settle({ supervisor_payments: false });
    for (const [method, path] of [
      ['GET', '/payments'],
      ['POST', '/payments'],
      ['GET', '/payment_allocations'],
      ['GET', '/credit_note_usage'],
      ['GET', '/payments/export?format=csv'],
      ['POST', '/ra_bills/nosuchbill/pay'],
      ['POST', '/work_orders/nosuchorder/advance'],
      // A vendor's ledger and its files list the payments; so does the Tally file.
      ['GET', `/vendors/${vendor}/ledger`],
      ['GET', `/vendors/${vendor}/export?format=csv`],
      ['GET', '/exports/tally?from=2026-04-01&to=2026-11-30'],
    ] as const) {
      const res = await as(supervisor, method, site(path), method === 'POST' ? {} : undefined);
      expect(res.body, `${method} ${path}`).toMatchObject({ code: 'PERMISSION_DENIED' });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // The vendor master shows them neither what was paid, the advance, nor the bank details.
    for (const path of [`/vendors/${vendor}`, '/vendors']) {
      const read = await as(supervisor, 'GET', site(path));
      expect(read.status).toBe(200);
      const text = JSON.stringify(read.body);
      for (const field of ['total_paid', 'advance', 'payment_details']) {
        expect(text, `${path} ${field}`).not.toContain(`"${field}"`);
      }
      expect(text).toContain('"outstanding"');
    }
    const csv = await as(supervisor, 'GET', site('/vendors/export?format=csv'));
    expect(csv.status).toBe(200);
    expect(String(csv.body)).not.toMatch(/payment details/i);
    expect(String((await as(accountant, 'GET', site('/vendors/export?format=csv'))).body)).toMatch(
      /payment details/i,
    );
    expect((await as(accountant, 'GET', site(`/vendors/${vendor}`))).body).toHaveProperty(
      'total_paid',
    );
    const dashboard = await as(supervisor, 'GET', site('/dashboard'));
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).not.toHaveProperty('total_paid');
    expect(dashboard.body).not.toHaveProperty('payments_last_7_days');
    expect(dashboard.body).toHaveProperty('total_expenses');
    // Others keep them; putting the setting back gives the supervisor them again at once.
    expect((await as(accountant, 'GET', site('/dashboard'))).body).toHaveProperty('total_paid');
    expect((await as(accountant, 'GET', site(`/vendors/${vendor}/ledger`))).status).toBe(200);
    await settle({ supervisor_payments: true, supervisor_balances: true });
    expect((await as(supervisor, 'GET', site('/payments'))).status).toBe(200);
    expect((await as(supervisor, 'GET', site(`/vendors/${vendor}/ledger`))).status).toBe(200);
    expect((await as(supervisor, 'GET', site('/dashboard'))).body).toHaveProperty('total_paid');
    expect((await as(supervisor, 'GET', site(`/accounts/${account}`))).status).toBe(200);
  });
});
