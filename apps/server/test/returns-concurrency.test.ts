import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * Requests fired at the same moment. On PostgreSQL they run in parallel transactions (the
 * delivery lines and the return row are locked); on SQLite they are serial. Either way exactly
 * the allowed ones succeed and the figures stay true.
 */
let server: TestServer;
let owner: Registered;
let siteId: string;
let vendorId: string;
let itemId: string;

interface ErrorBody {
  code: string;
  data: Record<string, unknown>;
}
interface VendorReturn {
  id: string;
  status: string;
  actual_refund_amount: number | null;
}

const url = (path: string) => `/api/sites/${siteId}${path}`;
const post = <T>(path: string, body?: unknown) =>
  call<T>(server.url, 'POST', url(path), { token: owner.token, body });
const get = <T>(path: string) => call<T>(server.url, 'GET', url(path), { token: owner.token });

async function lines(count: number, quantity: number): Promise<string[]> {
  const res = await post<{ delivery_items: { id: string }[] }>('/deliveries', {
    vendor: vendorId,
    delivery_date: '2025-05-01',
    delivery_items: Array.from({ length: count }, () => ({
      item: itemId,
      quantity,
      unit_price: 100,
    })),
  });
  expect(res.status).toBe(201);
  return res.body.delivery_items.map((l) => l.id);
}

const returnOf = (items: { line: string; quantity: number }[]) =>
  post<VendorReturn & ErrorBody>('/vendor_returns', {
    vendor: vendorId,
    return_date: '2025-05-02',
    reason: 'excess_delivery',
    items: items.map((i) => ({
      delivery_item: i.line,
      quantity_returned: i.quantity,
      return_rate: 100,
      condition: 'unopened',
    })),
  });

async function returnable(line: string) {
  return (await get<{ returned: number; available: number }>(`/delivery_items/${line}/returnable`))
    .body;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  vendorId = (await post<{ id: string }>('/vendors', { name: 'Concurrent Supplies' })).body.id;
  itemId = (await post<{ id: string }>('/items', { name: 'Sand', unit: 'cft' })).body.id;
});
afterAll(async () => {
  await server?.close();
});

describe('concurrent returns', () => {
  it('two returns of the last units of a line: exactly one succeeds, for every line at once', async () => {
    const ids = await lines(6, 5);
    for (const line of ids) expect((await returnOf([{ line, quantity: 3 }])).status).toBe(201);
    const results = await Promise.all(
      ids.flatMap((line) => [returnOf([{ line, quantity: 2 }]), returnOf([{ line, quantity: 2 }])]),
    );
    for (let i = 0; i < ids.length; i += 1) {
      const pair = [results[2 * i]!, results[2 * i + 1]!];
      expect(pair.map((r) => r.status).sort()).toEqual([201, 400]);
      const loser = pair.find((r) => r.status === 400)!;
      expect(loser.body.code).toBe('ALREADY_FULLY_RETURNED');
      expect(await returnable(ids[i]!)).toEqual(
        expect.objectContaining({ returned: 5, available: 0 }),
      );
    }
  });

  it('returns claiming the same lines in opposite orders never deadlock; one wins', async () => {
    const [a, b] = (await lines(2, 1)) as [string, string];
    const results = await Promise.all([
      returnOf([
        { line: a, quantity: 1 },
        { line: b, quantity: 1 },
      ]),
      returnOf([
        { line: b, quantity: 1 },
        { line: a, quantity: 1 },
      ]),
      returnOf([{ line: b, quantity: 1 }]),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(2);
    expect((await returnable(a)).returned + (await returnable(b)).returned).toBeLessThanOrEqual(2);
    expect((await returnable(b)).available).toBe(0);
  });

  it('re-approving a rejected return while a new return takes the same units: exactly one succeeds', async () => {
    const [line] = (await lines(1, 4)) as [string];
    const first = await returnOf([{ line, quantity: 3 }]);
    await post(`/vendor_returns/${first.body.id}/reject`, {});
    const [approve, fresh] = await Promise.all([
      post<ErrorBody>(`/vendor_returns/${first.body.id}/approve`, {}),
      returnOf([{ line, quantity: 2 }]),
    ]);
    const ok = [approve.status === 200, fresh.status === 201];
    expect(ok.filter(Boolean)).toHaveLength(1);
    const loser = ok[0] ? fresh : approve;
    expect(loser.status).toBe(400);
    expect(loser.body.code).toBe('RETURN_QUANTITY_EXCEEDED');
    const { returned } = await returnable(line);
    expect(returned === 3 || returned === 2).toBe(true);
  });

  it('refunds fired at once never add up to more than the return amount; the balance stays exact', async () => {
    const [line] = (await lines(1, 1)) as [string];
    const ret = await returnOf([{ line, quantity: 1 }]);
    const account = await post<{ id: string }>('/accounts', {
      name: 'Cash box',
      type: 'cash',
      opening_balance: 1000,
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        post<ErrorBody>(`/vendor_returns/${ret.body.id}/refunds`, {
          account: account.body.id,
          refund_amount: 30,
          refund_date: '2025-05-03',
          refund_method: 'cash',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body.code).toBe('REFUND_EXCEEDS_RETURN');
    const after = await get<VendorReturn>(`/vendor_returns/${ret.body.id}`);
    expect(after.body).toMatchObject({ status: 'refunded', actual_refund_amount: 90 });
    const acc = await get<{ current_balance: number }>(`/accounts/${account.body.id}`);
    expect(acc.body.current_balance).toBe(1090);
  });

  it("raising a return's quantity while a new return takes the same units: exactly one succeeds", async () => {
    const [line] = (await lines(1, 4)) as [string];
    const first = await returnOf([{ line, quantity: 1 }]);
    const own = (await get<{ items: { id: string }[] }>(`/vendor_returns/${first.body.id}`)).body
      .items[0]!.id;
    const [edit, fresh] = await Promise.all([
      call<ErrorBody>(server.url, 'PATCH', url(`/vendor_returns/${first.body.id}`), {
        token: owner.token,
        body: { items: [{ id: own, quantity_returned: 3 }] },
      }),
      returnOf([{ line, quantity: 2 }]),
    ]);
    const ok = [edit.status === 200, fresh.status === 201];
    expect(ok.filter(Boolean)).toHaveLength(1);
    const loser = ok[0] ? fresh : edit;
    expect(loser.status).toBe(400);
    expect(loser.body.code).toBe('RETURN_QUANTITY_EXCEEDED');
    const { returned } = await returnable(line);
    // The edit alone (3) or the first return's 1 + the new 2: never 3 + 2 of 4 delivered.
    expect(returned).toBe(3);
  });

  it('a credit note lowered while a payment uses it: exactly one succeeds; balance = amount − usage', async () => {
    const vendor = (await post<{ id: string }>('/vendors', { name: 'Racing Credit Co' })).body.id;
    const delivery = await post<{ id: string }>('/deliveries', {
      vendor,
      delivery_date: '2025-05-01',
      delivery_items: [{ item: itemId, quantity: 10, unit_price: 100 }],
    });
    const note = await post<{ id: string }>('/vendor_credit_notes', {
      vendor,
      credit_amount: 500,
      issue_date: '2025-05-01',
    });
    const [lowered, paid] = await Promise.all([
      call<ErrorBody>(server.url, 'PATCH', url(`/vendor_credit_notes/${note.body.id}`), {
        token: owner.token,
        body: { credit_amount: 200 },
      }),
      post<ErrorBody>('/payments', {
        vendor,
        amount: 300,
        payment_date: '2025-05-02',
        delivery_allocations: [{ delivery: delivery.body.id, amount: 300 }],
        credit_note_allocations: [{ credit_note: note.body.id, amount: 300 }],
      }),
    ]);
    const ok = [lowered.status === 200, paid.status === 201];
    expect(ok.filter(Boolean)).toHaveLength(1);
    if (ok[0]) expect(paid.body.code).toBe('CREDIT_NOTE_BALANCE_CHANGED');
    else expect(lowered.body.code).toBe('CREDIT_NOTE_AMOUNT_BELOW_USED');
    const after = await get<{ credit_amount: number; balance: number }>(
      `/vendor_credit_notes/${note.body.id}`,
    );
    expect(after.body).toEqual(
      expect.objectContaining(
        ok[0] ? { credit_amount: 200, balance: 200 } : { credit_amount: 500, balance: 200 },
      ),
    );
  });
});
