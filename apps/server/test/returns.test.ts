import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let outsider: Registered;
let siteId: string;
let otherOwner: Registered;
let otherSiteId: string;

interface Line {
  id: string;
  item: string;
  quantity: number;
  unit_price: number;
}
interface ReturnItem {
  id: string;
  delivery_item: string;
  quantity_returned: number;
  return_rate: number;
  return_amount: number;
  condition: string;
  item_notes: string | null;
  expand?: { delivery_item?: Line & { expand?: { item?: { name: string } } } };
}
interface VendorReturn {
  id: string;
  site: string;
  vendor: string;
  return_date: string;
  reason: string;
  status: string;
  notes: string | null;
  approval_notes: string | null;
  approved_by: string | null;
  approved_at: string | null;
  total_return_amount: number;
  actual_refund_amount: number | null;
  refund_type: string | null;
  completion_date: string | null;
  items: ReturnItem[];
  expand?: { vendor?: { name: string } };
}
interface Refund {
  id: string;
  vendor_return: string;
  vendor: string;
  account: string | null;
  refund_amount: number;
  refund_date: string;
  refund_method: string;
  processed_by: string | null;
  expand?: { account?: { name: string }; vendor_return?: { status: string } };
}
interface CreditNote {
  id: string;
  vendor: string;
  credit_amount: number;
  balance: number;
  issue_date: string;
  expiry_date: string | null;
  reference: string | null;
  return_id: string | null;
  status: string;
}
interface Tx {
  type: string;
  amount: number;
  vendor_refund: string | null;
  transaction_category: string | null;
  vendor: string | null;
}
interface Page<T> {
  totalItems: number;
  items: T[];
}
interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;

async function post<T>(path: string, body?: unknown, token = owner.token, site = siteId) {
  return call<T>(server.url, 'POST', url(path, site), { token, body });
}
async function get<T>(path: string, token = owner.token, site = siteId) {
  return call<T>(server.url, 'GET', url(path, site), { token });
}
async function created<T>(path: string, body: unknown, token = owner.token, site = siteId) {
  const res = await post<T>(path, body, token, site);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A vendor with one delivery of the given lines (through the API); returns the lines. */
async function delivered(
  lines: { quantity: number; unit_price: number }[],
  site = siteId,
  token = owner.token,
) {
  const vendor = await created<{ id: string }>('/vendors', { name: 'Shree Traders' }, token, site);
  const item = await created<{ id: string }>(
    '/items',
    { name: 'Cement', unit: 'bag' },
    token,
    site,
  );
  const delivery = await created<{ id: string; delivery_items: Line[] }>(
    '/deliveries',
    {
      vendor: vendor.id,
      // Before every return below: a return may not take stock below zero on any day.
      delivery_date: '2024-01-01',
      delivery_items: lines.map((l) => ({ item: item.id, ...l })),
    },
    token,
    site,
  );
  return {
    vendor: vendor.id,
    item: item.id,
    delivery: delivery.id,
    lines: delivery.delivery_items,
  };
}

async function bankAccount(
  site = siteId,
  token = owner.token,
  extra: Record<string, unknown> = {},
) {
  return created<{ id: string; current_balance: number }>(
    '/accounts',
    { name: 'HDFC Current', type: 'bank', opening_balance: 10000, ...extra },
    token,
    site,
  );
}

async function balance(accountId: string) {
  return (await get<{ current_balance: number }>(`/accounts/${accountId}`)).body.current_balance;
}

async function returnable(lineId: string) {
  return (
    await get<{ delivered: number; returned: number; available: number }>(
      `/delivery_items/${lineId}/returnable`,
    )
  ).body;
}

/** What the site holds of returns, refunds, credit notes and transactions (for "nothing written"). */
async function counts() {
  const [returns, refunds, notes, txs] = await Promise.all([
    get<Page<unknown>>('/vendor_returns?perPage=1'),
    get<Page<unknown>>('/vendor_refunds?perPage=1'),
    get<Page<unknown>>('/vendor_credit_notes?perPage=1'),
    get<Page<unknown>>('/account_transactions?perPage=1'),
  ]);
  return [returns, refunds, notes, txs].map((r) => r.body.totalItems);
}

const line = (deliveryItem: string, quantity: number, rate: number, extra = {}) => ({
  delivery_item: deliveryItem,
  quantity_returned: quantity,
  return_rate: rate,
  condition: 'damaged',
  ...extra,
});

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  outsider = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  otherOwner = await registerUser(server.url);
  otherSiteId = (await createSite(server.url, otherOwner.token)).id;
});
afterAll(async () => {
  await server?.close();
});

describe('returnable quantities', () => {
  it('delivered − returned, counting approved, completed and refunded returns only', async () => {
    const d = await delivered([{ quantity: 10, unit_price: 350 }]);
    const id = d.lines[0]!.id;
    expect(await returnable(id)).toEqual({
      delivery_item: id,
      delivered: 10,
      returned: 0,
      available: 10,
    });
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-12',
      reason: 'damaged',
      items: [line(id, 2.5, 350)],
    });
    expect(await returnable(id)).toMatchObject({ delivered: 10, returned: 2.5, available: 7.5 });
    // A rejected return stops counting; approving it again counts it again.
    await post(`/vendor_returns/${r.id}/reject`, {});
    expect(await returnable(id)).toMatchObject({ returned: 0, available: 10 });
    await post(`/vendor_returns/${r.id}/approve`, {});
    await post(`/vendor_returns/${r.id}/complete`, {});
    expect(await returnable(id)).toMatchObject({ returned: 2.5, available: 7.5 });
    // The item's stock follows (items' stock_quantity = delivered − returned).
    const item = await get<{ stock_quantity: number }>(`/items/${d.item}`);
    expect(item.body.stock_quantity).toBe(7.5);
    // Any member may read it; another site's line is 404; a stranger is 403.
    expect((await get(`/delivery_items/${id}/returnable`, accountant.token)).status).toBe(200);
    const foreign = await get<ErrorBody>(
      `/delivery_items/${id}/returnable`,
      otherOwner.token,
      otherSiteId,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    const stranger = await get<ErrorBody>(`/delivery_items/${id}/returnable`, outsider.token);
    expect(stranger.body.code).toBe('ACCESS_DENIED');
  });

  it("lists a vendor's returnable lines with their quantities, fully returned ones left out", async () => {
    const d = await delivered([
      { quantity: 4, unit_price: 100 },
      { quantity: 6, unit_price: 200 },
    ]);
    await created('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-12',
      reason: 'excess_delivery',
      items: [line(d.lines[0]!.id, 4, 100), line(d.lines[1]!.id, 1, 200)],
    });
    const res = await get<
      Page<{
        delivery_item: string;
        available: number;
        returned: number;
        line: Line & { expand: { item: { name: string }; delivery: { id: string } } };
      }>
    >(`/returnable_items?vendor=${d.vendor}`);
    expect(res.status).toBe(200);
    expect(res.body.totalItems).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      delivery_item: d.lines[1]!.id,
      returned: 1,
      available: 5,
    });
    expect(res.body.items[0]!.line.expand.item.name).toBe('Cement');
    expect(res.body.items[0]!.line.expand.delivery.id).toBe(d.delivery);
    expect((await get(`/returnable_items`)).status).toBe(400);
  });
});

describe('creating a return', () => {
  it('is auto-approved by its creator; line amounts are rounded to the paisa and summed', async () => {
    const d = await delivered([
      { quantity: 100.5, unit_price: 62.25 },
      { quantity: 10, unit_price: 350 },
    ]);
    const res = await post<VendorReturn>(
      '/vendor_returns',
      {
        vendor: d.vendor,
        return_date: '2025-04-15',
        reason: 'quality_issue',
        notes: 'Rusty bars',
        items: [
          line(d.lines[0]!.id, 2.345, 62.25, { condition: 'used', item_notes: 'bent' }),
          line(d.lines[1]!.id, 1, 349.99, { condition: 'unopened' }),
        ],
      },
      supervisor.token,
    );
    expect(res.status).toBe(201);
    const r = res.body;
    expect(r).toMatchObject({
      site: siteId,
      vendor: d.vendor,
      status: 'approved',
      approved_by: supervisor.user.id,
      approval_notes: 'Auto-approved on creation',
      reason: 'quality_issue',
      notes: 'Rusty bars',
      actual_refund_amount: null,
      refund_type: null,
      completion_date: null,
    });
    expect(Date.parse(r.approved_at!)).toBeGreaterThan(Date.now() - 60_000);
    // 2.345 × 62.25 = 145.97625 → 145.98; 1 × 349.99.
    expect(
      r.items.map((i) => [i.quantity_returned, i.return_rate, i.return_amount, i.condition]),
    ).toEqual([
      [2.345, 62.25, 145.98, 'used'],
      [1, 349.99, 349.99, 'unopened'],
    ]);
    expect(r.items[0]!.item_notes).toBe('bent');
    expect(r.total_return_amount).toBe(495.97);
    const again = await get<VendorReturn>(
      `/vendor_returns/${r.id}?expand=vendor,items.delivery_item`,
    );
    expect(again.body.expand?.vendor?.name).toBe('Shree Traders');
    expect(again.body.items[0]!.expand?.delivery_item?.expand?.item?.name).toBe('Cement');
    expect(again.body.items[1]!.expand?.delivery_item?.quantity).toBe(10);
  });

  it('refuses more than is left: RETURN_QUANTITY_EXCEEDED with available and returned, then ALREADY_FULLY_RETURNED', async () => {
    const d = await delivered([{ quantity: 10, unit_price: 350 }]);
    const id = d.lines[0]!.id;
    const base = { vendor: d.vendor, return_date: '2025-04-15', reason: 'damaged' };
    await created('/vendor_returns', { ...base, items: [line(id, 2.5, 350)] });
    const over = await post<ErrorBody>('/vendor_returns', {
      ...base,
      items: [line(id, 7.501, 350)],
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('RETURN_QUANTITY_EXCEEDED');
    expect(over.body.message).toBe('Only 7.5 units available for return (2.5 already returned)');
    expect(over.body.data).toMatchObject({
      available: 7.5,
      returned: 2.5,
      delivery_item: id,
      field: 'items.0.quantity_returned',
    });
    const hindi = await call<ErrorBody>(server.url, 'POST', url('/vendor_returns'), {
      token: owner.token,
      lang: 'hi',
      body: { ...base, items: [line(id, 8, 350)] },
    });
    expect(hindi.body.message).toContain('7.5');
    expect(hindi.body.message).toMatch(/[\u0900-\u097F]/);
    await created('/vendor_returns', { ...base, items: [line(id, 7.5, 350)] });
    const full = await post<ErrorBody>('/vendor_returns', {
      ...base,
      items: [line(id, 0.001, 350)],
    });
    expect(full.status).toBe(400);
    expect(full.body.code).toBe('ALREADY_FULLY_RETURNED');
    expect(full.body.message).toBe('This item has already been fully returned');
    expect(await returnable(id)).toMatchObject({ returned: 10, available: 0 });
  });

  it("refuses lines of another vendor or another site, another site's vendor, and a line twice", async () => {
    const a = await delivered([{ quantity: 5, unit_price: 100 }]);
    const b = await delivered([{ quantity: 5, unit_price: 100 }]);
    const foreign = await delivered(
      [{ quantity: 5, unit_price: 100 }],
      otherSiteId,
      otherOwner.token,
    );
    const base = { vendor: a.vendor, return_date: '2025-04-15', reason: 'wrong_item' };
    const mixed = await post<ErrorBody>('/vendor_returns', {
      ...base,
      items: [
        line(a.lines[0]!.id, 1, 100),
        line(b.lines[0]!.id, 1, 100),
        line(foreign.lines[0]!.id, 1, 100),
      ],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(mixed.body.data).sort()).toEqual([
      'items.1.delivery_item',
      'items.2.delivery_item',
    ]);
    const otherVendor = await post<ErrorBody>('/vendor_returns', {
      ...base,
      vendor: foreign.vendor,
      items: [line(a.lines[0]!.id, 1, 100)],
    });
    expect(otherVendor.status).toBe(400);
    expect(otherVendor.body.data).toHaveProperty('vendor');
    const twice = await post<ErrorBody>('/vendor_returns', {
      ...base,
      items: [line(a.lines[0]!.id, 1, 100), line(a.lines[0]!.id, 2, 100)],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toHaveProperty(['items.1.delivery_item']);
    for (const bad of [
      { ...base, items: [] },
      { ...base, reason: 'broken', items: [line(a.lines[0]!.id, 1, 100)] },
      { ...base, items: [line(a.lines[0]!.id, 1, 100, { condition: 'new' })] },
      { ...base, items: [line(a.lines[0]!.id, 0, 100)] },
      { ...base, items: [line(a.lines[0]!.id, 1.0001, 100)] },
      { ...base, items: [line(a.lines[0]!.id, 1, 100.001)] },
      { ...base, items: [line(a.lines[0]!.id, 1, -1)] },
      { ...base, return_date: '2025-02-30', items: [line(a.lines[0]!.id, 1, 100)] },
    ]) {
      const res = await post<ErrorBody>('/vendor_returns', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await returnable(a.lines[0]!.id)).toMatchObject({ returned: 0 });
  });
});

describe('refunds given with the return', () => {
  it('monetary: a refund row and a credit to the account (category refund); the return is refunded', async () => {
    const d = await delivered([{ quantity: 10, unit_price: 350 }]);
    const acc = await bankAccount();
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 3, 350)],
      refund: {
        type: 'monetary',
        method: 'bank_transfer',
        account: acc.id,
        amount: 1000.5,
        refund_date: '2025-04-16',
        reference: 'UTR123',
      },
    });
    expect(r).toMatchObject({
      status: 'refunded',
      total_return_amount: 1050,
      actual_refund_amount: 1000.5,
      refund_type: 'monetary',
    });
    expect(await balance(acc.id)).toBe(11000.5);
    const refunds = await get<Page<Refund>>(
      `/vendor_refunds?vendor_return=${r.id}&expand=account,vendor_return`,
    );
    expect(refunds.body.items).toHaveLength(1);
    expect(refunds.body.items[0]).toMatchObject({
      vendor: d.vendor,
      account: acc.id,
      refund_amount: 1000.5,
      refund_date: '2025-04-16',
      refund_method: 'bank_transfer',
      processed_by: owner.user.id,
    });
    expect(refunds.body.items[0]!.expand?.account?.name).toBe('HDFC Current');
    expect(refunds.body.items[0]!.expand?.vendor_return?.status).toBe('refunded');
    const txs = await get<Page<Tx>>(`/account_transactions?account=${acc.id}`);
    expect(txs.body.items).toEqual([
      expect.objectContaining({
        type: 'credit',
        amount: 1000.5,
        transaction_category: 'refund',
        vendor_refund: refunds.body.items[0]!.id,
        vendor: d.vendor,
      }),
    ]);
    const notes = await get<Page<CreditNote>>(`/vendor_credit_notes?return_id=${r.id}`);
    expect(notes.body.totalItems).toBe(0);
  });

  it('credit: a credit note of the amount (balance = amount, active, dates and reference from the form)', async () => {
    const d = await delivered([{ quantity: 10, unit_price: 350 }]);
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 2, 350)],
      refund: {
        type: 'credit',
        amount: 700,
        refund_date: '2025-04-16',
        credit_note_reference: 'CN-001',
        credit_note_expiry: '2025-10-16',
      },
    });
    expect(r).toMatchObject({
      status: 'refunded',
      actual_refund_amount: 700,
      refund_type: 'credit',
    });
    const notes = await get<Page<CreditNote>>(`/vendor_credit_notes?return_id=${r.id}`);
    expect(notes.body.items).toEqual([
      expect.objectContaining({
        vendor: d.vendor,
        credit_amount: 700,
        balance: 700,
        status: 'active',
        issue_date: '2025-04-16',
        expiry_date: '2025-10-16',
        reference: 'CN-001',
        return_id: r.id,
      }),
    ]);
    expect((await get<Page<Refund>>(`/vendor_refunds?vendor_return=${r.id}`)).body.totalItems).toBe(
      0,
    );
  });

  it('split: amount to the account and credit_amount as a credit note; actual_refund_amount is both', async () => {
    const d = await delivered([{ quantity: 10, unit_price: 350 }]);
    const acc = await bankAccount();
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 4, 350)],
      refund: {
        type: 'split',
        method: 'cash',
        account: acc.id,
        amount: 400,
        credit_amount: 1000,
        refund_date: '2025-04-16',
      },
    });
    expect(r).toMatchObject({
      status: 'refunded',
      actual_refund_amount: 1400,
      refund_type: 'split',
    });
    expect(await balance(acc.id)).toBe(10400);
    const notes = await get<Page<CreditNote>>(`/vendor_credit_notes?return_id=${r.id}`);
    expect(notes.body.items.map((n) => [n.credit_amount, n.balance, n.expiry_date])).toEqual([
      [1000, 1000, null],
    ]);
    const vendor = await get<{ credit_balance: number }>(`/vendors/${d.vendor}`);
    expect(vendor.body.credit_balance).toBe(1000);
  });

  it('refuses a refund above the return amount, or without account, method or credit amount; nothing is written', async () => {
    const d = await delivered([{ quantity: 10, unit_price: 350 }]);
    const acc = await bankAccount();
    const before = await counts();
    const base = {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 1, 350)],
    };
    const refund = { method: 'cash', account: acc.id, refund_date: '2025-04-16' };
    const tooMuch = await post<ErrorBody>('/vendor_returns', {
      ...base,
      refund: { ...refund, type: 'split', amount: 200, credit_amount: 150.01 },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('REFUND_EXCEEDS_RETURN');
    expect(tooMuch.body.data).toMatchObject({ requested: 350.01, available: 350, total: 350 });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...refund, type: 'monetary', amount: 100, account: undefined }, 'refund.account'],
      [{ ...refund, type: 'monetary', amount: 100, method: undefined }, 'refund.method'],
      [{ ...refund, type: 'split', amount: 100 }, 'refund.credit_amount'],
      [
        { ...refund, type: 'credit', amount: 100, credit_note_expiry: '2025-04-01' },
        'refund.credit_note_expiry',
      ],
      [{ ...refund, type: 'barter', amount: 100 }, 'refund.type'],
      [{ ...refund, type: 'monetary', amount: 0 }, 'refund.amount'],
    ];
    for (const [body, field] of cases) {
      const res = await post<ErrorBody>('/vendor_returns', { ...base, refund: body });
      expect(res.status, field).toBe(400);
      expect(res.body.code, field).toBe('VALIDATION_FAILED');
      expect(res.body.data, field).toHaveProperty([field]);
    }
    expect(await counts()).toEqual(before);
    expect(await balance(acc.id)).toBe(10000);
    expect(await returnable(d.lines[0]!.id)).toMatchObject({ returned: 0 });
  });
});

describe('atomicity: a failing step writes nothing', () => {
  it("a bad line after a good one, another site's account, an inactive account", async () => {
    const d = await delivered([
      { quantity: 5, unit_price: 100 },
      { quantity: 5, unit_price: 100 },
    ]);
    const acc = await bankAccount();
    const inactive = await bankAccount(siteId, owner.token, { is_active: false });
    const foreignAccount = await bankAccount(otherSiteId, otherOwner.token);
    const before = await counts();
    const base = { vendor: d.vendor, return_date: '2025-04-15', reason: 'damaged' };
    const badLine = await post<ErrorBody>('/vendor_returns', {
      ...base,
      items: [line(d.lines[0]!.id, 1, 100), line(d.lines[1]!.id, 6, 100)],
      refund: {
        type: 'monetary',
        method: 'cash',
        account: acc.id,
        amount: 100,
        refund_date: '2025-04-15',
      },
    });
    expect(badLine.body.code).toBe('RETURN_QUANTITY_EXCEEDED');
    expect(badLine.body.data.field).toBe('items.1.quantity_returned');
    const refund = {
      type: 'split',
      method: 'cash',
      amount: 100,
      credit_amount: 50,
      refund_date: '2025-04-15',
    };
    const foreign = await post<ErrorBody>('/vendor_returns', {
      ...base,
      items: [line(d.lines[0]!.id, 2, 100)],
      refund: { ...refund, account: foreignAccount.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('VALIDATION_FAILED');
    expect(foreign.body.data).toHaveProperty(['refund.account']);
    const off = await post<ErrorBody>('/vendor_returns', {
      ...base,
      items: [line(d.lines[0]!.id, 2, 100)],
      refund: { ...refund, account: inactive.id },
    });
    expect(off.status).toBe(400);
    expect(off.body.code).toBe('ACCOUNT_INACTIVE');
    expect(await counts()).toEqual(before);
    expect(await balance(acc.id)).toBe(10000);
    expect(await balance(inactive.id)).toBe(10000);
    const foreignBalance = await call<{ current_balance: number }>(
      server.url,
      'GET',
      url(`/accounts/${foreignAccount.id}`, otherSiteId),
      { token: otherOwner.token },
    );
    expect(foreignBalance.body.current_balance).toBe(10000);
    expect(await returnable(d.lines[0]!.id)).toMatchObject({ returned: 0, available: 5 });
    expect(await returnable(d.lines[1]!.id)).toMatchObject({ returned: 0, available: 5 });
    const vendor = await get<{ credit_balance: number }>(`/vendors/${d.vendor}`);
    expect(vendor.body.credit_balance).toBe(0);
  });
});

describe('status changes', () => {
  async function fresh(quantity = 2) {
    const d = await delivered([{ quantity: 5, unit_price: 100 }]);
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, quantity, 100)],
    });
    return { d, r };
  }

  it('approved → rejected → approved (quantities re-checked) → completed → refunded; invalid moves are 409', async () => {
    const { d, r } = await fresh(3);
    const rejected = await post<VendorReturn>(`/vendor_returns/${r.id}/reject`, {
      approval_notes: 'Vendor refused',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      approval_notes: 'Vendor refused',
      approved_by: null,
    });
    const again = await post<ErrorBody>(`/vendor_returns/${r.id}/reject`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_STATUS_TRANSITION');
    expect(again.body.message).toBe('Cannot reject a return that is rejected');
    const completeRejected = await post<ErrorBody>(`/vendor_returns/${r.id}/complete`, {});
    expect(completeRejected.body.code).toBe('INVALID_STATUS_TRANSITION');
    const refundRejected = await post<ErrorBody>(`/vendor_returns/${r.id}/refunds`, {
      account: (await bankAccount()).id,
      refund_amount: 10,
      refund_date: '2025-04-20',
      refund_method: 'cash',
    });
    expect(refundRejected.status).toBe(409);
    expect(refundRejected.body.message).toBe(
      'A refund cannot be recorded for a return that is rejected',
    );
    // While rejected, the units were free and another return took 3 of the 5: re-approving fails.
    const other = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-16',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 3, 100)],
    });
    const blocked = await post<ErrorBody>(`/vendor_returns/${r.id}/approve`, {});
    expect(blocked.status).toBe(400);
    expect(blocked.body.code).toBe('RETURN_QUANTITY_EXCEEDED');
    expect(blocked.body.data).toMatchObject({ available: 2, returned: 3 });
    expect((await get<VendorReturn>(`/vendor_returns/${r.id}`)).body.status).toBe('rejected');
    await post(`/vendor_returns/${other.id}/reject`, {});
    const approved = await post<VendorReturn>(
      `/vendor_returns/${r.id}/approve`,
      undefined,
      supervisor.token,
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approved_by: supervisor.user.id });
    const completed = await post<VendorReturn>(`/vendor_returns/${r.id}/complete`, {
      completion_date: '2025-04-18',
    });
    expect(completed.body).toMatchObject({ status: 'completed', completion_date: '2025-04-18' });
    expect((await post<ErrorBody>(`/vendor_returns/${r.id}/approve`, {})).status).toBe(409);
    expect((await post<ErrorBody>(`/vendor_returns/${r.id}/complete`, {})).status).toBe(409);
    const acc = await bankAccount();
    const refunded = await post<VendorReturn>(`/vendor_returns/${r.id}/refunds`, {
      account: acc.id,
      refund_amount: 300,
      refund_date: '2025-04-20',
      refund_method: 'cheque',
    });
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({
      status: 'refunded',
      actual_refund_amount: 300,
      completion_date: '2025-04-18',
    });
    for (const action of ['approve', 'reject', 'complete']) {
      const res = await post<ErrorBody>(`/vendor_returns/${r.id}/${action}`, {});
      expect(res.status, action).toBe(409);
      expect(res.body.data).toMatchObject({ status: 'refunded', action });
    }
  });

  it('complete defaults to today and refuses a date before the return date', async () => {
    const { r } = await fresh();
    const early = await post<ErrorBody>(`/vendor_returns/${r.id}/complete`, {
      completion_date: '2025-04-14',
    });
    expect(early.status).toBe(400);
    expect(early.body.data).toHaveProperty('completion_date');
    const done = await post<VendorReturn>(`/vendor_returns/${r.id}/complete`);
    expect(done.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(done.body.completion_date).toBe(today);
  });

  it("refunds add up to at most the return amount; another site's account is refused; accountants cannot refund", async () => {
    const { r } = await fresh(2);
    const acc = await bankAccount();
    const body = {
      account: acc.id,
      refund_amount: 120.25,
      refund_date: '2025-04-20',
      refund_method: 'bank_transfer',
    };
    const first = await post<VendorReturn>(`/vendor_returns/${r.id}/refunds`, body);
    expect(first.body).toMatchObject({
      status: 'refunded',
      actual_refund_amount: 120.25,
      refund_type: 'monetary',
    });
    const second = await post<VendorReturn>(`/vendor_returns/${r.id}/refunds`, {
      ...body,
      refund_amount: 79.75,
    });
    expect(second.body.actual_refund_amount).toBe(200);
    expect(await balance(acc.id)).toBe(10200);
    const over = await post<ErrorBody>(`/vendor_returns/${r.id}/refunds`, {
      ...body,
      refund_amount: 0.01,
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('REFUND_EXCEEDS_RETURN');
    expect(over.body.data).toMatchObject({ requested: 0.01, available: 0, total: 200 });
    const { r: r2 } = await fresh(1);
    const foreign = await bankAccount(otherSiteId, otherOwner.token);
    const bad = await post<ErrorBody>(`/vendor_returns/${r2.id}/refunds`, {
      ...body,
      account: foreign.id,
      refund_amount: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toHaveProperty('account');
    const denied = await post<ErrorBody>(
      `/vendor_returns/${r2.id}/refunds`,
      { ...body, refund_amount: 1 },
      accountant.token,
    );
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Permission denied: Cannot create refunds');
    expect((await get<VendorReturn>(`/vendor_returns/${r2.id}`)).body.status).toBe('approved');
    expect(await balance(acc.id)).toBe(10200);
    const missing = await post<ErrorBody>(`/vendor_returns/${r2.id}/refunds`, {
      account: acc.id,
      refund_date: '2025-04-20',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toHaveProperty('refund_amount');
    expect(missing.body.data).toHaveProperty('refund_method');
  });
});

describe('reading, changing and deleting returns', () => {
  it('lists newest return_date first with filters, date range, search and paging', async () => {
    const d = await delivered([{ quantity: 50, unit_price: 10 }]);
    const make = (return_date: string, reason: string, notes?: string) =>
      created<VendorReturn>('/vendor_returns', {
        vendor: d.vendor,
        return_date,
        reason,
        notes,
        items: [line(d.lines[0]!.id, 1, 10)],
      });
    const a = await make('2024-01-05', 'damaged', 'torn bags');
    const b = await make('2024-01-07', 'wrong_item');
    const c = await make('2024-01-06', 'damaged');
    await post(`/vendor_returns/${c.id}/reject`, {});
    const list = await get<Page<VendorReturn>>(`/vendor_returns?vendor=${d.vendor}&expand=vendor`);
    expect(list.body.items.map((r) => r.id)).toEqual([b.id, c.id, a.id]);
    expect(list.body.items[0]!.items).toHaveLength(1);
    expect(list.body.items[0]!.expand?.vendor?.name).toBe('Shree Traders');
    const q = (query: string) =>
      get<Page<VendorReturn>>(`/vendor_returns?vendor=${d.vendor}&${query}`).then((r) =>
        r.body.items.map((x) => x.id),
      );
    expect(await q('reason=damaged')).toEqual([c.id, a.id]);
    expect(await q('status=rejected')).toEqual([c.id]);
    expect(await q('from=2024-01-06&to=2024-01-06')).toEqual([c.id]);
    expect(await q('q=TORN')).toEqual([a.id]);
    expect(await q('sort=return_date')).toEqual([a.id, c.id, b.id]);
    const paged = await get<Page<VendorReturn>>(
      `/vendor_returns?vendor=${d.vendor}&perPage=2&page=2`,
    );
    expect(paged.body.totalItems).toBe(3);
    expect(paged.body.items.map((r) => r.id)).toEqual([a.id]);
    expect((await get(`/vendor_returns?status=lost`)).status).toBe(400);
    expect((await get(`/vendor_returns?sort=secret`)).status).toBe(400);
    // Every member reads returns; a stranger is refused.
    expect((await get(`/vendor_returns`, accountant.token)).status).toBe(200);
    expect((await get<ErrorBody>(`/vendor_returns`, outsider.token)).body.code).toBe(
      'ACCESS_DENIED',
    );
  });

  it('PATCH changes header fields only', async () => {
    const d = await delivered([{ quantity: 5, unit_price: 10 }]);
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 1, 10)],
    });
    const res = await call<VendorReturn>(server.url, 'PATCH', url(`/vendor_returns/${r.id}`), {
      token: supervisor.token,
      body: {
        reason: 'other',
        notes: 'Rechecked',
        return_date: '2025-04-14',
        status: 'refunded',
        total_return_amount: 1e6,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reason: 'other',
      notes: 'Rechecked',
      return_date: '2025-04-14',
      status: 'approved',
      total_return_amount: 10,
    });
    const denied = await call<ErrorBody>(server.url, 'PATCH', url(`/vendor_returns/${r.id}`), {
      token: accountant.token,
      body: { notes: 'x' },
    });
    expect(denied.body.message).toBe('Permission denied: Cannot update vendor returns');
  });

  it('DELETE frees the quantities; a return with refunds or credit notes is refused (409 RETURN_HAS_REFUNDS)', async () => {
    const d = await delivered([{ quantity: 5, unit_price: 10 }]);
    const plain = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 2, 10)],
    });
    const credited = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 1, 10)],
      refund: { type: 'credit', amount: 10, refund_date: '2025-04-15' },
    });
    const supervisorDelete = await call<ErrorBody>(
      server.url,
      'DELETE',
      url(`/vendor_returns/${plain.id}`),
      {
        token: supervisor.token,
      },
    );
    expect(supervisorDelete.status).toBe(403);
    expect(supervisorDelete.body.message).toBe('Permission denied: Cannot delete vendor returns');
    const refused = await call<ErrorBody>(
      server.url,
      'DELETE',
      url(`/vendor_returns/${credited.id}`),
      {
        token: owner.token,
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RETURN_HAS_REFUNDS');
    const ok = await call(server.url, 'DELETE', url(`/vendor_returns/${plain.id}`), {
      token: owner.token,
    });
    expect(ok.status).toBe(204);
    expect((await get(`/vendor_returns/${plain.id}`)).status).toBe(404);
    expect(await returnable(d.lines[0]!.id)).toMatchObject({ returned: 1, available: 4 });
    // The delivery line of a return cannot be deleted behind its back.
    const lineDelete = await call<ErrorBody>(
      server.url,
      'DELETE',
      url(`/delivery_items/${d.lines[0]!.id}`),
      {
        token: owner.token,
      },
    );
    expect(lineDelete.status).toBe(409);
  });

  it("another site's return is 404 everywhere; accountants cannot create; refunds need canViewFinancials to read", async () => {
    const d = await delivered([{ quantity: 5, unit_price: 10 }]);
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 1, 10)],
    });
    const other = (path: string, method = 'GET', body?: unknown) =>
      call<ErrorBody>(server.url, method, url(path, otherSiteId), {
        token: otherOwner.token,
        body,
      });
    expect((await other(`/vendor_returns/${r.id}`)).status).toBe(404);
    expect((await other(`/vendor_returns/${r.id}`, 'PATCH', { notes: 'x' })).status).toBe(404);
    expect((await other(`/vendor_returns/${r.id}/reject`, 'POST', {})).status).toBe(404);
    expect((await other(`/vendor_returns/${r.id}/complete`, 'POST', {})).status).toBe(404);
    expect((await other(`/vendor_returns/${r.id}`, 'DELETE')).status).toBe(404);
    const foreignAcc = await bankAccount(otherSiteId, otherOwner.token);
    const refund = await other(`/vendor_returns/${r.id}/refunds`, 'POST', {
      account: foreignAcc.id,
      refund_amount: 1,
      refund_date: '2025-04-20',
      refund_method: 'cash',
    });
    expect(refund.status).toBe(404);
    expect(refund.body.code).toBe('NOT_FOUND');
    expect((await get<VendorReturn>(`/vendor_returns/${r.id}`)).body.status).toBe('approved');
    const denied = await post<ErrorBody>(
      '/vendor_returns',
      {
        vendor: d.vendor,
        return_date: '2025-04-15',
        reason: 'damaged',
        items: [line(d.lines[0]!.id, 1, 10)],
      },
      accountant.token,
    );
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Permission denied: Cannot create vendor returns');
    expect((await get('/vendor_refunds', accountant.token)).status).toBe(200);
    expect((await get('/vendor_refunds', supervisor.token)).status).toBe(200);
    expect((await get<ErrorBody>('/vendor_refunds', outsider.token)).body.code).toBe(
      'ACCESS_DENIED',
    );
  });

  it('lists refunds newest refund_date first, filtered by vendor, return, account, method and dates', async () => {
    const d = await delivered([{ quantity: 50, unit_price: 10 }]);
    const acc = await bankAccount();
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-01-01',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 10, 10)],
    });
    const refund = (refund_date: string, refund_method: string) =>
      post(`/vendor_returns/${r.id}/refunds`, {
        account: acc.id,
        refund_amount: 10,
        refund_date,
        refund_method,
      });
    await refund('2025-01-03', 'cash');
    await refund('2025-01-05', 'cheque');
    await refund('2025-01-04', 'cash');
    const q = (query: string) =>
      get<Page<Refund>>(`/vendor_refunds?vendor=${d.vendor}&${query}`).then((res) =>
        res.body.items.map((x) => [x.refund_date, x.refund_method]),
      );
    expect(await q('')).toEqual([
      ['2025-01-05', 'cheque'],
      ['2025-01-04', 'cash'],
      ['2025-01-03', 'cash'],
    ]);
    expect(await q('refund_method=cash&sort=refund_date')).toEqual([
      ['2025-01-03', 'cash'],
      ['2025-01-04', 'cash'],
    ]);
    expect(await q(`account=${acc.id}&from=2025-01-04&to=2025-01-04`)).toEqual([
      ['2025-01-04', 'cash'],
    ]);
    const one = await get<Page<Refund>>(`/vendor_refunds?vendor_return=${r.id}&perPage=1`);
    const single = await get<Refund>(`/vendor_refunds/${one.body.items[0]!.id}`, accountant.token);
    expect(single.status).toBe(200);
    expect(single.body.vendor_return).toBe(r.id);
    const foreign = await call(
      server.url,
      'GET',
      url(`/vendor_refunds/${single.body.id}`, otherSiteId),
      {
        token: otherOwner.token,
      },
    );
    expect(foreign.status).toBe(404);
  });
});

describe('correcting a return before a refund (PATCH with items)', () => {
  const patch = <T>(id: string, body: unknown, token = owner.token) =>
    call<T>(server.url, 'PATCH', url(`/vendor_returns/${id}`), { token, body });

  it('changes quantities, rates, conditions and notes; re-checks quantities without its own; recomputes the total', async () => {
    const d = await delivered([
      { quantity: 10, unit_price: 100 },
      { quantity: 4, unit_price: 37.5 },
    ]);
    const [a, b] = [d.lines[0]!.id, d.lines[1]!.id];
    // Another return already holds 3 of line a.
    await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(a, 3, 100)],
    });
    const r = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-16',
      reason: 'damaged',
      items: [line(a, 2, 100), line(b, 1, 37.5)],
    });
    expect(r.total_return_amount).toBe(237.5);
    const [la, lb] = [r.items[0]!.id, r.items[1]!.id];

    // 10 delivered − 3 in the other return = 7 for this one (its own 2 are not counted twice).
    const over = await patch<ErrorBody>(r.id, {
      notes: 'never saved',
      items: [
        { id: lb, quantity_returned: 2 },
        { id: la, quantity_returned: 7.001 },
      ],
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('RETURN_QUANTITY_EXCEEDED');
    expect(over.body.data).toMatchObject({
      field: 'items.1.quantity_returned',
      delivery_item: a,
      available: 7,
      returned: 3,
    });
    expect(over.body.message).toBe('Only 7 units available for return (3 already returned)');
    const untouched = await get<VendorReturn>(`/vendor_returns/${r.id}`);
    expect(untouched.body).toMatchObject({ notes: null, total_return_amount: 237.5 });
    expect(untouched.body.items.map((i) => i.quantity_returned)).toEqual([2, 1]);

    const ok = await patch<VendorReturn>(
      r.id,
      {
        notes: 'Recounted at the gate',
        return_date: '2025-04-17',
        items: [
          { id: la, quantity_returned: 7 },
          {
            id: lb,
            quantity_returned: 3.333,
            return_rate: 37.45,
            condition: 'opened',
            item_notes: 'Seal broken',
          },
        ],
      },
      supervisor.token,
    );
    expect(ok.status).toBe(200);
    // 7 × 100 + round(3.333 × 37.45 = 124.82085) = 700 + 124.82 (issue 40: a return rate may
    // not exceed the line's purchase rate of 37.50)
    expect(ok.body).toMatchObject({
      notes: 'Recounted at the gate',
      return_date: '2025-04-17',
      status: 'approved',
      total_return_amount: 824.82,
    });
    expect(ok.body.items[0]).toMatchObject({ id: la, quantity_returned: 7, return_amount: 700 });
    expect(ok.body.items[1]).toMatchObject({
      id: lb,
      quantity_returned: 3.333,
      return_rate: 37.45,
      return_amount: 124.82,
      condition: 'opened',
      item_notes: 'Seal broken',
    });
    expect(await returnable(a)).toMatchObject({ delivered: 10, returned: 10, available: 0 });
    expect(await returnable(b)).toMatchObject({ returned: 3.333, available: 0.667 });

    // Lowering gives quantity back; a line left out stays as it is.
    const lower = await patch<VendorReturn>(r.id, { items: [{ id: la, quantity_returned: 1 }] });
    expect(lower.body.total_return_amount).toBe(224.82);
    expect(lower.body.items[1]!.quantity_returned).toBe(3.333);
    expect(await returnable(a)).toMatchObject({ returned: 4, available: 6 });

    // The trail records the line change as a change of the return.
    const history = await get<{
      items: { action: string; changes: Record<string, { old: unknown; new: unknown }> }[];
    }>(`/audit/vendor_returns/${r.id}`);
    const last = history.body.items[0]!;
    expect(last.action).toBe('update');
    expect(last.changes.total_return_amount).toEqual({ old: 824.82, new: 224.82 });
    expect(last.changes.lines).toBeDefined();

    // A refund afterwards is bounded by the corrected total.
    const acc = await bankAccount();
    const refund = await post<ErrorBody>(`/vendor_returns/${r.id}/refunds`, {
      account: acc.id,
      refund_amount: 225.16,
      refund_date: '2025-04-20',
      refund_method: 'cash',
    });
    expect(refund.body.code).toBe('REFUND_EXCEEDS_RETURN');
  });

  it('a completed return can be corrected; a line of another return, or a line twice, is refused', async () => {
    const d = await delivered([{ quantity: 5, unit_price: 10 }]);
    const one = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 1, 10)],
    });
    const two = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 1, 10)],
    });
    expect((await post(`/vendor_returns/${one.id}/complete`, {})).status).toBe(200);
    const ok = await patch<VendorReturn>(one.id, {
      items: [{ id: one.items[0]!.id, quantity_returned: 4 }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'completed', total_return_amount: 40 });
    const foreign = await patch<ErrorBody>(one.id, {
      items: [{ id: two.items[0]!.id, quantity_returned: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('VALIDATION_FAILED');
    expect(foreign.body.data).toHaveProperty(['items.0.id']);
    const twice = await patch<ErrorBody>(one.id, {
      items: [
        { id: one.items[0]!.id, quantity_returned: 1 },
        { id: one.items[0]!.id, quantity_returned: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await get<VendorReturn>(`/vendor_returns/${one.id}`)).body.total_return_amount).toBe(
      40,
    );
  });

  it('refuses line changes once refunded (409 RETURN_REFUNDED) or rejected, and for accountants', async () => {
    const d = await delivered([{ quantity: 5, unit_price: 10 }]);
    const credited = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 2, 10)],
      refund: { type: 'credit', amount: 20, refund_date: '2025-04-15' },
    });
    expect(credited.status).toBe('refunded');
    const refused = await patch<ErrorBody>(credited.id, {
      items: [{ id: credited.items[0]!.id, quantity_returned: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RETURN_REFUNDED');
    expect(refused.body.message).toBe(
      'This return has already been refunded: its items, quantities and rates can no longer change',
    );
    const hindi = await call<ErrorBody>(
      server.url,
      'PATCH',
      url(`/vendor_returns/${credited.id}`),
      {
        token: owner.token,
        lang: 'hi',
        body: { items: [{ id: credited.items[0]!.id, condition: 'used' }] },
      },
    );
    expect(hindi.body.message).toContain('रिफ़ंड');
    const still = await get<VendorReturn>(`/vendor_returns/${credited.id}`);
    expect(still.body.items[0]).toMatchObject({ quantity_returned: 2, condition: 'damaged' });
    expect(still.body.total_return_amount).toBe(20);

    const rejected = await created<VendorReturn>('/vendor_returns', {
      vendor: d.vendor,
      return_date: '2025-04-15',
      reason: 'damaged',
      items: [line(d.lines[0]!.id, 1, 10)],
    });
    await post(`/vendor_returns/${rejected.id}/reject`, {});
    const notNow = await patch<ErrorBody>(rejected.id, {
      items: [{ id: rejected.items[0]!.id, quantity_returned: 2 }],
    });
    expect(notNow.status).toBe(409);
    expect(notNow.body.code).toBe('INVALID_STATUS_TRANSITION');
    expect(notNow.body.message).toBe('The items of a return that is rejected cannot change');

    const denied = await patch<ErrorBody>(
      rejected.id,
      { items: [{ id: rejected.items[0]!.id, quantity_returned: 1 }] },
      accountant.token,
    );
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Permission denied: Cannot update vendor returns');
  });
});
