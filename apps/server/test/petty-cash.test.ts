/**
 * Petty cash (issue 46, API.md "Petty cash") over HTTP on a real server and database: a
 * supervisor's ₹20,000 imprest from the site's bank account; four expenses — diesel ₹1,950, the
 * gang's tea ₹800 and an auto ₹2,000 approved as entered (at most the ₹2,000 threshold), binding
 * wire ₹2,360 on a GST bill at 18 % pending — leave ₹12,890 before and after the owner approves
 * the wire; replenishing pays ₹7,110 back; the wire bill is ₹2,000 + ₹180 + ₹180 in the purchase
 * register; a spend past the level leaves the balance negative (owed to the holder). Also: who
 * may do what, a photo required above the owner's amount, reject with a reason, two approvals at
 * once, and a budget line's actual.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let account: string;

interface Imprest {
  id: string;
  amount: number;
  approved_spend: number;
  pending_spend: number;
  balance: number;
  replenishment_due: number;
  last_replenished: string | null;
}
interface Expense {
  id: string;
  status: string;
  amount: number;
  taxable_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  reject_reason: string | null;
}
interface ErrorBody {
  code: string;
}

const site = (p: string) => `/api/sites/${siteId}${p}`;
async function as<T>(who: Registered, method: string, path: string, body?: unknown) {
  return call<T>(server.url, method, path, { token: who.token, body });
}
async function ok<T>(who: Registered, method: string, path: string, body?: unknown): Promise<T> {
  const res = await as<T>(who, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}
const balanceOf = async (id: string) =>
  (await ok<{ current_balance: number }>(owner, 'GET', site(`/accounts/${id}`))).current_balance;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url, { name: 'Suresh Supervisor' });
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { state_code: '27' })).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  account = (
    await ok<{ id: string }>(owner, 'POST', site('/accounts'), {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 500_000,
    })
  ).id;
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

async function imprest(amount = 20_000): Promise<Imprest> {
  return ok<Imprest>(owner, 'POST', site('/imprests'), {
    holder: supervisor.user.id,
    amount,
    issued_date: '2026-11-02',
    account,
  });
}

function spend(id: string, amount: number, description: string, extra: object = {}) {
  return as<Expense & ErrorBody>(supervisor, 'POST', site('/petty_expenses'), {
    imprest: id,
    expense_date: '2026-11-05',
    amount,
    description,
    ...extra,
  });
}

describe('the worked example of API.md', () => {
  it('balance 12,890 before and after approval, replenishment 7,110, the wire bill in the register, overspend negative', async () => {
    const cash = await imprest();
    expect(cash).toMatchObject({ amount: 20_000, balance: 20_000, replenishment_due: 0 });
    expect(await balanceOf(account)).toBe(480_000);

    const diesel = await spend(cash.id, 1950, 'Diesel for the mixer');
    const tea = await spend(cash.id, 800, 'Tea for the gang');
    const auto = await spend(cash.id, 2000, 'Auto to the hardware shop');
    const wire = await spend(cash.id, 2360, 'Binding wire, Shree Hardware', {
      vendor_gstin: '27AAPFU0939F1ZV',
      gst_rate: 18,
    });
    expect([diesel, tea, auto].map((e) => [e.status, e.body.status])).toEqual([
      [201, 'approved'],
      [201, 'approved'],
      [201, 'approved'],
    ]);
    expect(wire.status).toBe(201);
    expect(wire.body).toMatchObject({
      status: 'pending',
      amount: 2360,
      taxable_amount: 2000,
      cgst_amount: 180,
      sgst_amount: 180,
      igst_amount: 0,
    });

    const before = await ok<Imprest>(owner, 'GET', site(`/imprests/${cash.id}`));
    expect(before).toMatchObject({
      approved_spend: 4750,
      pending_spend: 2360,
      balance: 12_890,
      replenishment_due: 4750,
    });
    await ok(owner, 'POST', site(`/petty_expenses/${wire.body.id}/approve`));
    const after = await ok<Imprest>(accountant, 'GET', site(`/imprests/${cash.id}`));
    expect(after).toMatchObject({ balance: 12_890, replenishment_due: 7110 });

    const refilled = await ok<Imprest>(accountant, 'POST', site(`/imprests/${cash.id}/replenish`), {
      account,
      date: '2026-11-10',
    });
    expect(refilled).toMatchObject({
      balance: 20_000,
      replenishment_due: 0,
      last_replenished: '2026-11-10',
    });
    expect(await balanceOf(account)).toBe(480_000 - 7110);
    // The debits are the imprest's and the replenishment's: not edited or deleted by hand.
    const postings = await ok<{ items: { id: string; amount: number }[] }>(
      owner,
      'GET',
      site(`/account_transactions?account=${account}`),
    );
    expect(postings.items.map((t) => t.amount).sort()).toEqual([20_000, 7110].sort());
    for (const t of postings.items) {
      const removed = await as<ErrorBody>(owner, 'DELETE', site(`/account_transactions/${t.id}`));
      expect(removed.status).toBe(409);
      expect(removed.body.code).toBe('TRANSACTION_LINKED');
    }
    // Nothing more to pay back.
    const again = await as<ErrorBody>(accountant, 'POST', site(`/imprests/${cash.id}/replenish`), {
      account,
      date: '2026-11-11',
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('NOTHING_TO_PAY');

    const register = await ok<{
      rows: {
        kind: string;
        vendor: string;
        gst_rate: number | null;
        taxable_amount: number;
        cgst_amount: number;
        sgst_amount: number;
      }[];
    }>(accountant, 'GET', site('/reports/purchase-register?from=2026-11-01&to=2026-11-30'));
    expect(register.rows).toEqual([
      expect.objectContaining({
        kind: 'petty_expense',
        vendor: 'Binding wire, Shree Hardware',
        gst_rate: 18,
        taxable_amount: 2000,
        cgst_amount: 180,
        sgst_amount: 180,
      }),
    ]);

    // Spent past the level: the balance goes negative, owed to the holder.
    const big = await spend(cash.id, 20_500, 'Shuttering hire, two days');
    expect(big.body.status).toBe('pending');
    expect((await ok<Imprest>(owner, 'GET', site(`/imprests/${cash.id}`))).balance).toBe(-500);
  });
});

describe('rules', () => {
  it('lets a holder spend only his own imprest, the owner decide, the accountant refill', async () => {
    const cash = await imprest();
    const othersCash = await ok<Imprest>(owner, 'POST', site('/imprests'), {
      holder: accountant.user.id,
      amount: 5000,
      issued_date: '2026-11-02',
      account,
    });
    expect((await spend(othersCash.id, 100, 'Not mine')).status).toBe(403);
    expect(
      (
        await as(supervisor, 'POST', site('/imprests'), {
          holder: supervisor.user.id,
          amount: 1000,
          issued_date: '2026-11-02',
          account,
        })
      ).status,
    ).toBe(403);
    const pending = await spend(cash.id, 3000, 'Plumbing fittings');
    expect(
      (await as(supervisor, 'POST', site(`/petty_expenses/${pending.body.id}/approve`))).status,
    ).toBe(403);
    expect(
      (await as(accountant, 'POST', site(`/petty_expenses/${pending.body.id}/approve`))).status,
    ).toBe(403);
    const small = await spend(cash.id, 100, 'Nails');
    expect(small.body.status).toBe('approved');
    expect(
      (
        await as(supervisor, 'POST', site(`/imprests/${cash.id}/replenish`), {
          account,
          date: '2026-11-10',
        })
      ).status,
    ).toBe(403);
    // Not a member: refused, nothing written.
    const stranger = await registerUser(server.url);
    const refused = await as<{ code: string }>(owner, 'POST', site('/imprests'), {
      holder: stranger.user.id,
      amount: 1000,
      issued_date: '2026-11-02',
      account,
    });
    expect(refused.status).toBe(400);
    expect(await balanceOf(account)).toBe(500_000 - 20_000 - 5000);
  });

  it('rejects with a reason: a rejected expense leaves the balance', async () => {
    const cash = await imprest();
    const e = await spend(cash.id, 2500, 'Dinner');
    const rejected = await ok<Expense>(owner, 'POST', site(`/petty_expenses/${e.body.id}/reject`), {
      reason: 'Not a site expense',
    });
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'Not a site expense' });
    expect((await ok<Imprest>(owner, 'GET', site(`/imprests/${cash.id}`))).balance).toBe(20_000);
    const twice = await as<ErrorBody>(owner, 'POST', site(`/petty_expenses/${e.body.id}/approve`));
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('INVALID_STATUS');
  });

  it('needs a photo above the owner’s amount before it is approved', async () => {
    await ok(owner, 'PATCH', `/api/sites/${siteId}`, { petty_photo_above: 500 });
    const cash = await imprest();
    // Under the approval threshold but above the photo amount: it waits for its photo.
    const e = await spend(cash.id, 900, 'Cement bag, local shop');
    expect(e.body.status).toBe('pending');
    const refused = await as<ErrorBody>(
      owner,
      'POST',
      site(`/petty_expenses/${e.body.id}/approve`),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PHOTO_REQUIRED');
    const form = new FormData();
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bill.png');
    const upload = await call(server.url, 'POST', site(`/petty_expenses/${e.body.id}/files`), {
      token: supervisor.token,
      rawBody: form,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const approved = await ok<Expense>(owner, 'POST', site(`/petty_expenses/${e.body.id}/approve`));
    expect(approved.status).toBe('approved');
  });

  it('decides two approvals at once one after the other, and counts approved spend on its budget line', async () => {
    const line = await ok<{ id: string }>(owner, 'POST', site('/budget_lines'), {
      head: 'overhead',
      name: 'Site expenses',
      amount: 50_000,
    });
    const cash = await imprest();
    const a = await spend(cash.id, 2500, 'Generator repair', { budget_line: line.id });
    const b = await spend(cash.id, 3000, 'Water tanker', { budget_line: line.id });
    const [ra, rb, rc] = await Promise.all([
      as(owner, 'POST', site(`/petty_expenses/${a.body.id}/approve`)),
      as(owner, 'POST', site(`/petty_expenses/${b.body.id}/approve`)),
      as(owner, 'POST', site(`/petty_expenses/${a.body.id}/approve`)),
    ]);
    expect([ra.status, rb.status, rc.status].sort()).toEqual([200, 200, 409]);
    expect(await ok<Imprest>(owner, 'GET', site(`/imprests/${cash.id}`))).toMatchObject({
      approved_spend: 5500,
      balance: 14_500,
    });
    const budget = await ok<{ actual: number }>(owner, 'GET', site(`/budget_lines/${line.id}`));
    expect(budget.actual).toBe(5500);
  });
});
