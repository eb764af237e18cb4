import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { insertPayment } from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let otherOwner: Registered;
let otherSiteId: string;

interface Account {
  id: string;
  name: string;
  type: string;
  is_active: boolean;
  opening_balance: number;
  current_balance: number;
}
interface Tx {
  id: string;
  account: string;
  type: string;
  amount: number;
  transaction_date: string;
  expand?: { account?: { name: string }; vendor?: { name: string } };
}
interface Page<T> {
  totalItems: number;
  items: T[];
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  otherOwner = await registerUser(server.url);
  otherSiteId = (await createSite(server.url, otherOwner.token)).id;
});
afterAll(async () => {
  await server?.close();
});

async function account(body: Record<string, unknown> = {}, token = owner.token, site = siteId) {
  const res = await call<Account>(server.url, 'POST', url('/accounts', site), {
    token,
    body: { name: 'HDFC Current', type: 'bank', opening_balance: 10000, ...body },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function tx(body: Record<string, unknown>, token = owner.token) {
  return call<Tx>(server.url, 'POST', url('/account_transactions'), {
    token,
    body: { type: 'debit', amount: 100, transaction_date: '2026-03-01', ...body },
  });
}

async function balance(id: string): Promise<number> {
  return (
    await call<Account>(server.url, 'GET', url(`/accounts/${id}`), { token: accountant.token })
  ).body.current_balance;
}

describe('accounts', () => {
  it('creates accounts of every type; the balance starts at the opening balance, which may be negative', async () => {
    for (const type of ['bank', 'credit_card', 'cash', 'digital_wallet', 'other']) {
      const a = await account({
        name: `A ${type}`,
        type,
        opening_balance: type === 'credit_card' ? -2500.5 : 1234.56,
      });
      expect(a).toMatchObject({ type, is_active: true });
      expect(a.current_balance).toBe(a.opening_balance);
    }
    for (const body of [
      { name: '', type: 'bank' },
      { name: 'X', type: 'piggy' },
      { name: 'X', type: 'cash', opening_balance: 1.234 },
      { name: 'X', type: 'cash', opening_balance: 2e11 },
    ]) {
      const res = await call(server.url, 'POST', url('/accounts'), { token: owner.token, body });
      expect(res.status).toBe(400);
    }
  });

  it('balance = opening + credits − debits after every create, update and delete', async () => {
    const a = await account({ opening_balance: 10000 });
    const credit = await tx({ account: a.id, type: 'credit', amount: 2500.25 });
    expect(credit.status).toBe(201);
    expect(await balance(a.id)).toBe(12500.25);
    const debit = await tx({ account: a.id, type: 'debit', amount: 700.5 });
    expect(await balance(a.id)).toBe(11799.75);
    await call(server.url, 'PATCH', url(`/account_transactions/${debit.body.id}`), {
      token: owner.token,
      body: { amount: 1000 },
    });
    expect(await balance(a.id)).toBe(11500.25);
    await call(server.url, 'PATCH', url(`/account_transactions/${debit.body.id}`), {
      token: owner.token,
      body: { type: 'credit' },
    });
    expect(await balance(a.id)).toBe(13500.25);
    expect(
      (
        await call(server.url, 'DELETE', url(`/account_transactions/${credit.body.id}`), {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
    expect(await balance(a.id)).toBe(11000);
    await call(server.url, 'PATCH', url(`/accounts/${a.id}`), {
      token: owner.token,
      body: { opening_balance: 500 },
    });
    expect(await balance(a.id)).toBe(1500);
  });

  it('moving a transaction to another account recomputes both', async () => {
    const a = await account({ opening_balance: 1000 });
    const b = await account({ opening_balance: 1000, name: 'Cash box', type: 'cash' });
    const t = await tx({ account: a.id, type: 'debit', amount: 300 });
    expect(await balance(a.id)).toBe(700);
    const moved = await call<Tx>(server.url, 'PATCH', url(`/account_transactions/${t.body.id}`), {
      token: owner.token,
      body: { account: b.id },
    });
    expect(moved.body.account).toBe(b.id);
    expect(await balance(a.id)).toBe(1000);
    expect(await balance(b.id)).toBe(700);
  });

  it('twenty transactions at once leave the balance exact', async () => {
    const a = await account({ opening_balance: 0 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        tx({ account: a.id, type: i % 2 ? 'credit' : 'debit', amount: 10 + i / 100 }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    // credits: i odd → Σ(10 + i/100) over 1,3,…,19 = 100 + 1.00; debits over 0,…,18 = 100 + 0.90
    expect(await balance(a.id)).toBe(0.1);
  });

  it('an inactive account takes no new transactions; bad input writes nothing', async () => {
    const a = await account({ opening_balance: 50 });
    await call(server.url, 'PATCH', url(`/accounts/${a.id}`), {
      token: owner.token,
      body: { is_active: false },
    });
    const res = await tx({ account: a.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_INACTIVE' });
    for (const body of [
      { account: a.id, amount: 0 },
      { account: a.id, amount: -5 },
      { account: a.id, amount: 1.005 },
      { account: a.id, type: 'refund' },
    ]) {
      expect((await tx(body)).status).toBe(400);
    }
    const list = await call<Page<Tx>>(
      server.url,
      'GET',
      url(`/account_transactions?account=${a.id}`),
      { token: owner.token },
    );
    expect(list.body.totalItems).toBe(0);
    expect(await balance(a.id)).toBe(50);
  });

  it("refuses another site's account or vendor (400) and answers 404 for another site's ids", async () => {
    const foreign = await account({}, otherOwner.token, otherSiteId);
    const res = await tx({ account: foreign.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { account: { code: 'invalid_reference' } },
    });
    const mine = await account();
    const foreignVendor = await call<{ id: string }>(
      server.url,
      'POST',
      url('/vendors', otherSiteId),
      { token: otherOwner.token, body: { name: 'Theirs' } },
    );
    const badVendor = await tx({ account: mine.id, vendor: foreignVendor.body.id });
    expect(badVendor.body).toMatchObject({ data: { vendor: { code: 'invalid_reference' } } });
    for (const [method, path] of [
      ['GET', `/accounts/${foreign.id}`],
      ['PATCH', `/accounts/${foreign.id}`],
      ['DELETE', `/accounts/${foreign.id}`],
    ] as const) {
      const r = await call(server.url, method, url(path), {
        token: owner.token,
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      });
      expect(r.status).toBe(404);
    }
    expect(await balance(mine.id)).toBe(10000);
  });

  it("a payment's or refund's posting cannot be edited or deleted on its own (409 TRANSACTION_LINKED)", async () => {
    const a = await account({ opening_balance: 1000 });
    const vendor = (
      await call<{ id: string }>(server.url, 'POST', url('/vendors'), {
        token: owner.token,
        body: { name: 'Linked vendor' },
      })
    ).body;
    // A payment from the account, as the payments module posts it: its debit is linked.
    const { transaction: linked } = await insertPayment(server, siteId, {
      vendor: vendor.id,
      account: a.id,
      amountPaise: 20000,
      date: '2026-03-02',
    });
    const patch = await call(server.url, 'PATCH', url(`/account_transactions/${linked}`), {
      token: owner.token,
      body: { amount: 1 },
    });
    expect(patch.status).toBe(409);
    expect(patch.body).toMatchObject({ code: 'TRANSACTION_LINKED' });
    expect(
      (
        await call(server.url, 'DELETE', url(`/account_transactions/${linked}`), {
          token: owner.token,
        })
      ).status,
    ).toBe(409);
    const del = await call(server.url, 'DELETE', url(`/accounts/${a.id}`), { token: owner.token });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: 'RECORD_IN_USE' });
  });

  it('permissions: accountants read, supervisors create and update, only owners delete', async () => {
    const a = await account();
    expect(
      (await call(server.url, 'GET', url('/accounts'), { token: accountant.token })).status,
    ).toBe(200);
    const denied = await call(server.url, 'POST', url('/accounts'), {
      token: accountant.token,
      body: { name: 'No', type: 'cash' },
    });
    expect(denied.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot create accounts',
    });
    expect((await tx({ account: a.id }, accountant.token)).status).toBe(403);
    const t = await tx({ account: a.id }, supervisor.token);
    expect(t.status).toBe(201);
    const del = await call(server.url, 'DELETE', url(`/account_transactions/${t.body.id}`), {
      token: supervisor.token,
    });
    expect(del.body).toMatchObject({
      message: 'Permission denied: Cannot delete account transactions',
    });
    const stranger = await call(server.url, 'GET', url('/accounts'), { token: otherOwner.token });
    expect(stranger.body).toMatchObject({ code: 'ACCESS_DENIED' });
    const empty = await account({ name: 'Unused' });
    expect(
      (await call(server.url, 'DELETE', url(`/accounts/${empty.id}`), { token: owner.token }))
        .status,
    ).toBe(204);
  });

  it('lists transactions newest first with filters, date range and expand', async () => {
    const a = await account({ name: 'Sorted', opening_balance: 0 });
    for (const date of ['2026-01-05', '2026-03-10', '2026-02-20'])
      await tx({ account: a.id, transaction_date: date, type: 'credit' });
    const list = await call<Page<Tx>>(
      server.url,
      'GET',
      url(`/account_transactions?account=${a.id}&expand=account`),
      { token: accountant.token },
    );
    expect(list.body.items.map((t) => t.transaction_date)).toEqual([
      '2026-03-10',
      '2026-02-20',
      '2026-01-05',
    ]);
    expect(list.body.items[0]?.expand?.account?.name).toBe('Sorted');
    const ranged = await call<Page<Tx>>(
      server.url,
      'GET',
      url(`/account_transactions?account=${a.id}&from=2026-02-01&to=2026-02-28`),
      { token: owner.token },
    );
    expect(ranged.body.items.map((t) => t.transaction_date)).toEqual(['2026-02-20']);
    const accounts = await call<Page<Account>>(server.url, 'GET', url('/accounts?q=sorted'), {
      token: owner.token,
    });
    expect(accounts.body.items.map((x) => x.name)).toEqual(['Sorted']);
  });
});
