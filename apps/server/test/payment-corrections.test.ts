/**
 * Correcting money records (issue 18, API.md "Correcting a payment" and "A record that drops
 * below what was paid"): a payment's amount, account and allocations are edited in one
 * transaction under every rule of a new payment, judged as if its own earlier allocations and
 * credit-note usage were released first; a refused edit changes nothing; advances are shown and
 * applied; a paid delivery or booking is lowered by releasing the excess, newest payment first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { databaseDigest } from './helpers/db-digest.js';
import { addMember } from './helpers/fixtures.js';
import { moneyKit, type MoneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let kit: MoneyKit;

interface Payment {
  id: string;
  account: string | null;
  amount: number;
  allocation_state: string;
  payment_allocations: { delivery: string | null; allocated_amount: number }[];
  credit_note_usage: { credit_note: string; used_amount: number }[];
}
interface Figures {
  total_amount: number;
  paid_amount: number;
  payment_status: string;
  released?: { payment: string; amount: number }[];
}
interface ErrorBody {
  status: number;
  code: string;
  data: Record<string, unknown>;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  kit = moneyKit(server, siteId, owner.token);
});
afterAll(async () => {
  await server?.close();
});

const edit = <T = Payment>(id: string, body: Record<string, unknown>, token = owner.token) =>
  call<T>(server.url, 'PATCH', kit.url(`/payments/${id}`), { token, body });
const balanceOf = async (account: string) =>
  (await kit.get<{ current_balance: number }>(`/accounts/${account}`)).current_balance;
const delivery = (id: string) => kit.get<Figures>(`/deliveries/${id}`);
const digest = () => databaseDigest(server.ctx.db.kysely);
async function paid(body: Record<string, unknown>): Promise<Payment> {
  const res = await kit.pay<Payment>(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('editing a payment', () => {
  it('moves an allocation from the wrong delivery to the right one; the debit stays one', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(1000);
    const wrong = await kit.delivery(vendor, 100);
    const right = await kit.delivery(vendor, 100);
    const p = await paid({
      vendor,
      account,
      amount: 100,
      delivery_allocations: [{ delivery: wrong, amount: 100 }],
    });
    const res = await edit(
      p.id,
      { delivery_allocations: [{ delivery: right, amount: 100 }] },
      supervisor.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payment_allocations).toMatchObject([
      { delivery: right, allocated_amount: 100 },
    ]);
    expect(await delivery(wrong)).toMatchObject({ paid_amount: 0, payment_status: 'pending' });
    expect(await delivery(right)).toMatchObject({ paid_amount: 100, payment_status: 'paid' });
    expect(await balanceOf(account)).toBe(900);
    const txs = await kit.get<{ items: { amount: number; type: string }[] }>(
      `/account_transactions?payment=${p.id}`,
    );
    expect(txs.items).toMatchObject([{ amount: 100, type: 'debit' }]);
    // The audit trail keeps both versions of the allocations.
    const history = await kit.get<{
      items: { changes: Record<string, { old: unknown; new: unknown }> }[];
    }>(`/audit/payments/${p.id}`);
    const change = history.items.find((h) => h.changes.allocations)!.changes.allocations!;
    expect(JSON.stringify(change.old)).toContain(wrong);
    expect(JSON.stringify(change.new)).toContain(right);
  });

  it('changes the amount and re-points the account: the debit moves with it', async () => {
    const vendor = await kit.vendor();
    const first = await kit.account(1000);
    const second = await kit.account(1000);
    const p = await paid({ vendor, account: first, amount: 300 });
    // The kept answers (dashboard, vendor ledger) are read first, so the edit must refresh them.
    const dashboard = () => kit.get<{ total_paid: number }>('/dashboard');
    const paidBefore = (await dashboard()).total_paid;
    const ledgerBefore = await kit.get<{ summary: { total_paid: number } }>(
      `/vendors/${vendor}/ledger`,
    );
    expect(ledgerBefore.summary.total_paid).toBe(300);
    expect((await edit(p.id, { amount: 250 })).status).toBe(200);
    expect(await balanceOf(first)).toBe(750);
    expect((await dashboard()).total_paid).toBe(paidBefore - 50);
    const ledger = await kit.get<{ summary: { total_paid: number; advance: number } }>(
      `/vendors/${vendor}/ledger`,
    );
    expect(ledger.summary).toMatchObject({ total_paid: 250, advance: 250 });
    const moved = await edit(p.id, { account: second });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ account: second, amount: 250 });
    expect(await balanceOf(first)).toBe(1000);
    expect(await balanceOf(second)).toBe(750);
  });

  it('re-plans credit-note use, releasing its own usage before judging', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(1000);
    const cn = await kit.creditNote(vendor, 100);
    const p = await paid({
      vendor,
      account,
      amount: 150,
      credit_note_allocations: [{ credit_note: cn, amount: 100 }],
    });
    expect(await balanceOf(account)).toBe(950);
    // Its own 100 is given back first, so the note can pay the whole new amount.
    const res = await edit(p.id, { amount: 100, account: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ account: null, amount: 100 });
    expect(res.body.credit_note_usage).toMatchObject([{ credit_note: cn, used_amount: 100 }]);
    expect(await balanceOf(account)).toBe(1000);
    const note = await kit.get<{ balance: number; status: string }>(`/vendor_credit_notes/${cn}`);
    expect(note).toMatchObject({ balance: 0, status: 'fully_used' });
  });

  it('judges the dues as if its own allocation were released', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(1000);
    const d = await kit.delivery(vendor, 100);
    const p = await paid({
      vendor,
      account,
      amount: 100,
      delivery_allocations: [{ delivery: d, amount: 100 }],
    });
    const same = await edit(p.id, {
      amount: 100,
      delivery_allocations: [{ delivery: d, amount: 100 }],
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const over = await edit<ErrorBody>(p.id, {
      amount: 120,
      delivery_allocations: [{ delivery: d, amount: 120 }],
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'ALLOCATION_EXCEEDS_DUE', data: { due: 100 } });
  });

  it('refuses each broken rule with the contract’s error and changes nothing', async () => {
    const vendor = await kit.vendor();
    const other = await kit.vendor();
    const account = await kit.account(5000);
    const older = await kit.creditNote(vendor, 100, { issue_date: '2026-01-01' });
    const newer = await kit.creditNote(vendor, 100, { issue_date: '2026-02-01' });
    const d = await kit.delivery(vendor, 500);
    const foreignDelivery = await kit.delivery(other, 500);
    const p = await paid({
      vendor,
      amount: 300,
      account,
      credit_note_allocations: [
        { credit_note: older, amount: 100 },
        { credit_note: newer, amount: 100 },
      ],
      delivery_allocations: [{ delivery: d, amount: 300 }],
    });
    // Another payment takes the older note's… nothing: it is fully used by p. Use the newer one's
    // balance for the balance-changed case below through a fresh note.
    const third = await kit.creditNote(vendor, 50, { issue_date: '2026-03-01' });
    await paid({
      vendor,
      amount: 50,
      credit_note_allocations: [{ credit_note: third, amount: 50 }],
    });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 150 }, 400, 'CREDIT_NOTES_EXCEED_AMOUNT'],
      [
        { amount: 250, delivery_allocations: [{ delivery: d, amount: 260 }] },
        400,
        'ALLOCATION_EXCEEDS_DUE',
      ],
      [
        { delivery_allocations: [{ delivery: d, amount: 501 }], amount: 600 },
        400,
        'ALLOCATION_EXCEEDS_DUE',
      ],
      [{ account: null }, 400, 'ACCOUNT_REQUIRED'],
      [
        { credit_note_allocations: [{ credit_note: newer, amount: 100 }] },
        400,
        'CREDIT_NOTE_PRIORITY',
      ],
      [
        {
          credit_note_allocations: [
            { credit_note: older, amount: 100 },
            { credit_note: newer, amount: 100 },
            { credit_note: third, amount: 50 },
          ],
        },
        409,
        'CREDIT_NOTE_BALANCE_CHANGED',
      ],
      [{ vendor: other }, 400, 'VALIDATION_FAILED'],
      [
        { delivery_allocations: [{ delivery: foreignDelivery, amount: 10 }] },
        400,
        'VALIDATION_FAILED',
      ],
      [{ account: 'nosuchaccount00' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const before = await digest();
      const res = await edit<ErrorBody>(p.id, body);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
      expect(await digest(), `${code} wrote`).toBe(before);
    }
    const missing = await edit<ErrorBody>('nosuchpayment00', { amount: 1 });
    expect(missing.status).toBe(404);
    const denied = await edit<ErrorBody>(p.id, { amount: 300 }, accountant.token);
    expect(denied.status).toBe(403);
  });

  it('deletes once an edit removed its allocations, with its debit and credit-note usage', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(1000);
    const cn = await kit.creditNote(vendor, 40);
    const d = await kit.delivery(vendor, 100);
    const p = await paid({
      vendor,
      account,
      amount: 100,
      credit_note_allocations: [{ credit_note: cn, amount: 40 }],
      delivery_allocations: [{ delivery: d, amount: 100 }],
    });
    const refused = await call<ErrorBody>(server.url, 'DELETE', kit.url(`/payments/${p.id}`), {
      token: owner.token,
    });
    expect(refused.body.code).toBe('PAYMENT_HAS_ALLOCATIONS');
    const cleared = await edit(p.id, { delivery_allocations: [] });
    expect(cleared.body).toMatchObject({ allocation_state: 'unallocated' });
    const vendorRow = await kit.get<{ advance: number; outstanding: number }>(`/vendors/${vendor}`);
    expect(vendorRow).toMatchObject({ advance: 100, outstanding: 100 });
    const gone = await call(server.url, 'DELETE', kit.url(`/payments/${p.id}`), {
      token: owner.token,
    });
    expect(gone.status).toBe(204);
    expect(await balanceOf(account)).toBe(1000);
    const note = await kit.get<{ balance: number; status: string }>(`/vendor_credit_notes/${cn}`);
    expect(note).toMatchObject({ balance: 40, status: 'active' });
    expect(await kit.get<{ advance: number }>(`/vendors/${vendor}`)).toMatchObject({ advance: 0 });
  });
});

describe('advances', () => {
  it('records an advance, then applies it to a later delivery without a second debit', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(1000);
    const p = await paid({ vendor, account, amount: 500 });
    expect(await kit.get<{ advance: number }>(`/vendors/${vendor}`)).toMatchObject({
      advance: 500,
    });
    const ledger = await kit.get<{ summary: { advance: number } }>(`/vendors/${vendor}/ledger`);
    expect(ledger.summary.advance).toBe(500);
    const d = await kit.delivery(vendor, 300);
    const applied = await edit(p.id, { delivery_allocations: [{ delivery: d, amount: 300 }] });
    expect(applied.status).toBe(200);
    expect(applied.body.allocation_state).toBe('partially_allocated');
    expect(await delivery(d)).toMatchObject({ paid_amount: 300, payment_status: 'paid' });
    expect(
      await kit.get<{ advance: number; outstanding: number }>(`/vendors/${vendor}`),
    ).toMatchObject({ advance: 200, outstanding: 0 });
    expect(await balanceOf(account)).toBe(500);
  });
});

describe('the payment form’s payables', () => {
  interface Payables {
    deliveries: { id: string; paid_amount: number; due: number }[];
    credit_notes: { id: string; balance: number }[];
    total_due: number;
    credit_balance: number;
    advance: number;
    advances: { payment: string; unallocated: number }[];
  }

  it('lists the advances, and shows an edit its own allocations and usage given back', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(10_000);
    const cn = await kit.creditNote(vendor, 50);
    const d = await kit.delivery(vendor, 200);
    const open = await kit.delivery(vendor, 100);
    const p = await paid({
      vendor,
      account,
      amount: 300,
      credit_note_allocations: [{ credit_note: cn, amount: 50 }],
      delivery_allocations: [{ delivery: d, amount: 200 }],
    });
    const plain = await kit.get<Payables>(`/vendors/${vendor}/payables`);
    expect(plain.deliveries.map((x) => x.id)).toEqual([open]);
    expect(plain.credit_notes).toEqual([]);
    expect(plain).toMatchObject({ total_due: 100, advance: 100 });
    expect(plain.advances).toEqual([expect.objectContaining({ payment: p.id, unallocated: 100 })]);
    const asEdit = await kit.get<Payables>(`/vendors/${vendor}/payables?payment=${p.id}`);
    expect(asEdit.deliveries).toMatchObject([
      { id: d, paid_amount: 0, due: 200 },
      { id: open, due: 100 },
    ]);
    expect(asEdit.credit_notes).toMatchObject([{ id: cn, balance: 50 }]);
    expect(asEdit).toMatchObject({ total_due: 300, credit_balance: 50 });
    const other = await kit.vendor();
    const wrong = await call(
      server.url,
      'GET',
      kit.url(`/vendors/${other}/payables?payment=${p.id}`),
      {
        token: owner.token,
      },
    );
    expect(wrong.status).toBe(404);
  });
});

describe('lowering a paid record', () => {
  async function twoPayments(total: number) {
    const vendor = await kit.vendor();
    const account = await kit.account(10_000);
    const d = await kit.delivery(vendor, total);
    const first = await paid({
      vendor,
      account,
      amount: 600,
      payment_date: '2026-03-10',
      delivery_allocations: [{ delivery: d, amount: 600 }],
    });
    const second = await paid({
      vendor,
      account,
      amount: 400,
      payment_date: '2026-03-12',
      delivery_allocations: [{ delivery: d, amount: 400 }],
    });
    const lines = await kit.get<{ items: { id: string }[] }>(`/delivery_items?delivery=${d}`);
    return { vendor, account, d, first, second, line: lines.items[0]!.id };
  }

  it('names the payments in 409 TOTAL_BELOW_PAID and changes nothing', async () => {
    const { d, first, second, line } = await twoPayments(1000);
    const before = await digest();
    const res = await call<ErrorBody>(server.url, 'PATCH', kit.url(`/delivery_items/${line}`), {
      token: owner.token,
      body: { unit_price: 700 },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'TOTAL_BELOW_PAID', data: { total: 700, paid: 1000 } });
    expect(res.body.data.payments).toEqual(
      expect.arrayContaining([
        { id: first.id, amount_allocated: 600 },
        { id: second.id, amount_allocated: 400 },
      ]),
    );
    expect(await digest()).toBe(before);
    expect(await delivery(d)).toMatchObject({ total_amount: 1000, paid_amount: 1000 });
  });

  it('releases the excess from the newest payment first, as advance', async () => {
    const { vendor, account, d, first, second, line } = await twoPayments(1000);
    const res = await call<Figures>(server.url, 'PATCH', kit.url(`/delivery_items/${line}`), {
      token: supervisor.token,
      body: { unit_price: 700, release_overpayment: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.released).toEqual([{ payment: second.id, amount: 300 }]);
    expect(await delivery(d)).toMatchObject({
      total_amount: 700,
      paid_amount: 700,
      payment_status: 'paid',
    });
    const p2 = await kit.get<Payment>(`/payments/${second.id}`);
    expect(p2).toMatchObject({ allocation_state: 'partially_allocated' });
    expect(p2.payment_allocations).toMatchObject([{ allocated_amount: 100 }]);
    expect(await kit.get<Payment>(`/payments/${first.id}`)).toMatchObject({
      allocation_state: 'fully_allocated',
    });
    expect(await kit.get<{ advance: number }>(`/vendors/${vendor}`)).toMatchObject({
      advance: 300,
    });
    // Money never moved: the account still paid 1 000.
    expect(await balanceOf(account)).toBe(9000);
  });

  it('releases across payments through the delivery header and through a batch', async () => {
    const { d, first, second } = await twoPayments(1000);
    const header = await call<Figures>(server.url, 'PATCH', kit.url(`/deliveries/${d}`), {
      token: owner.token,
      body: { round_off: -500, release_overpayment: true },
    });
    expect(header.status, JSON.stringify(header.body)).toBe(200);
    expect(header.body.released).toEqual([
      { payment: second.id, amount: 400 },
      { payment: first.id, amount: 100 },
    ]);
    expect(header.body).toMatchObject({ total_amount: 500, paid_amount: 500 });

    const again = await twoPayments(1000);
    const batch = await call<{ responses: { status: number; body: Figures }[] }>(
      server.url,
      'POST',
      '/api/batch',
      {
        token: owner.token,
        body: {
          requests: [
            {
              method: 'PATCH',
              url: `/api/sites/${siteId}/delivery_items/${again.line}`,
              body: { quantity: 0.5, release_overpayment: true },
            },
          ],
        },
      },
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.responses[0]!.body.released).toEqual([
      { payment: again.second.id, amount: 400 },
      { payment: again.first.id, amount: 100 },
    ]);
    expect(await delivery(again.d)).toMatchObject({ total_amount: 500, paid_amount: 500 });
  });

  it('does the same for a service booking', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(10_000);
    const b = await kit.booking(vendor, 1000);
    const p = await paid({
      vendor,
      account,
      amount: 1000,
      service_booking_allocations: [{ service_booking: b, amount: 1000 }],
    });
    const url = kit.url(`/service_bookings/${b}`);
    const refused = await call<ErrorBody>(server.url, 'PATCH', url, {
      token: owner.token,
      body: { unit_rate: 800 },
    });
    expect(refused.body).toMatchObject({
      code: 'TOTAL_BELOW_PAID',
      data: { total: 800, paid: 1000, payments: [{ id: p.id, amount_allocated: 1000 }] },
    });
    const res = await call<Figures>(server.url, 'PATCH', url, {
      token: owner.token,
      body: { unit_rate: 800, release_overpayment: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      total_amount: 800,
      paid_amount: 800,
      released: [{ payment: p.id, amount: 200 }],
    });
    expect(await kit.get<{ advance: number }>(`/vendors/${vendor}`)).toMatchObject({
      advance: 200,
    });
  });
});

describe('at the same time', () => {
  it('an edit and a new payment racing for the same delivery’s due: exactly one wins', async () => {
    for (let round = 0; round < 4; round++) {
      const vendor = await kit.vendor();
      const account = await kit.account(10_000);
      const elsewhere = await kit.delivery(vendor, 100);
      const contested = await kit.delivery(vendor, 100);
      const p = await paid({
        vendor,
        account,
        amount: 100,
        delivery_allocations: [{ delivery: elsewhere, amount: 100 }],
      });
      const [edited, created] = await Promise.all([
        edit<ErrorBody>(p.id, { delivery_allocations: [{ delivery: contested, amount: 100 }] }),
        kit.pay<ErrorBody>({
          vendor,
          account,
          amount: 100,
          delivery_allocations: [{ delivery: contested, amount: 100 }],
        }),
      ]);
      const won = [edited.status === 200, created.status === 201];
      expect(won.filter(Boolean), JSON.stringify([edited.body, created.body])).toHaveLength(1);
      const loser = edited.status === 200 ? created : edited;
      expect(loser.body.code).toBe('ALLOCATION_EXCEEDS_DUE');
      expect(await delivery(contested)).toMatchObject({ paid_amount: 100 });
    }
  });

  it('an edit racing a new payment for the same credit note: exactly one wins', async () => {
    for (let round = 0; round < 4; round++) {
      const vendor = await kit.vendor();
      const account = await kit.account(10_000);
      const p = await paid({ vendor, account, amount: 80 });
      const cn = await kit.creditNote(vendor, 100);
      const [edited, created] = await Promise.all([
        edit<ErrorBody>(p.id, {
          account: null,
          credit_note_allocations: [{ credit_note: cn, amount: 80 }],
        }),
        kit.pay<ErrorBody>({
          vendor,
          amount: 80,
          credit_note_allocations: [{ credit_note: cn, amount: 80 }],
        }),
      ]);
      const winners = [edited.status === 200, created.status === 201].filter(Boolean);
      expect(winners, JSON.stringify([edited.body, created.body])).toHaveLength(1);
      const note = await kit.get<{ balance: number }>(`/vendor_credit_notes/${cn}`);
      expect(note.balance).toBe(20);
    }
  });

  it('two edits of one payment: the second sees the first’s result', async () => {
    for (let round = 0; round < 4; round++) {
      const vendor = await kit.vendor();
      const account = await kit.account(10_000);
      const d = await kit.delivery(vendor, 100);
      const p = await paid({ vendor, account, amount: 100 });
      const [allocate, shrink] = await Promise.all([
        edit<ErrorBody>(p.id, { delivery_allocations: [{ delivery: d, amount: 100 }] }),
        edit<ErrorBody>(p.id, { amount: 50 }),
      ]);
      const final = await kit.get<Payment>(`/payments/${p.id}`);
      // Either order is a serial one: allocate then shrink (refused: 100 allocated > 50) or
      // shrink then allocate (refused: 100 > 50). Exactly one applies.
      const statuses = [allocate.status, shrink.status].sort();
      expect(statuses, JSON.stringify([allocate.body, shrink.body])).toEqual([200, 400]);
      if (allocate.status === 200) {
        expect(final).toMatchObject({ amount: 100, allocation_state: 'fully_allocated' });
        expect(shrink.body.code).toBe('ALLOCATION_EXCEEDS_DUE');
      } else {
        expect(final).toMatchObject({ amount: 50, allocation_state: 'unallocated' });
        expect(allocate.body.code).toBe('ALLOCATION_EXCEEDS_DUE');
      }
      expect(await balanceOf(account)).toBe(10_000 - final.amount);
    }
  });
});
