import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { moneyKit, moneySnapshot, type MoneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import { refreshCreditNotes, refreshTargets } from '../src/modules/payments/payment-rules.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let stranger: Registered;
let siteId: string;
let otherSiteId: string;
let kit: MoneyKit;
let other: MoneyKit;

interface Allocation {
  id: string;
  payment: string;
  delivery: string | null;
  service_booking: string | null;
  allocated_amount: number;
  expand?: {
    delivery?: { delivery_reference: string | null };
    service_booking?: { service_name: string };
  };
}
interface Usage {
  id: string;
  credit_note: string;
  used_amount: number;
  used_date: string;
  payment: string | null;
  vendor: string;
  expand?: { credit_note?: { reference: string | null; balance: number } };
}
interface Payment {
  id: string;
  site: string;
  vendor: string;
  account: string | null;
  amount: number;
  payment_date: string;
  reference: string | null;
  notes: string | null;
  allocation_state: string;
  allocated_amount: number;
  credit_note_amount: number;
  account_amount: number;
  deliveries: string[];
  service_bookings: string[];
  credit_notes: string[];
  payment_allocations: Allocation[];
  credit_note_usage: Usage[];
  expand?: { vendor?: { name: string }; account?: { name: string } };
}
interface ErrorBody {
  status: number;
  code: string;
  message: string;
  data: Record<string, unknown>;
}
interface Page<T> {
  totalItems: number;
  items: T[];
}
interface Figures {
  total_amount: number;
  paid_amount: number;
  payment_status: string;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  stranger = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  const otherOwner = await registerUser(server.url);
  otherSiteId = (await createSite(server.url, otherOwner.token, { name: 'Other' })).id;
  kit = moneyKit(server, siteId, owner.token);
  other = moneyKit(server, otherSiteId, otherOwner.token);
});
afterAll(async () => {
  await server?.close();
});

const balanceOf = async (account: string) =>
  (await kit.get<{ current_balance: number }>(`/accounts/${account}`)).current_balance;
const note = async (id: string) =>
  (await server.ctx.db.kysely
    .selectFrom('vendor_credit_notes')
    .select(['balance', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as { balance: number; status: string };
const delivery = (id: string) => kit.get<Figures>(`/deliveries/${id}`);
const booking = (id: string) => kit.get<Figures>(`/service_bookings/${id}`);

describe('recording a payment', () => {
  it('pays two deliveries with a credit note and an account in one go', async () => {
    const vendor = await kit.vendor('Sharma Traders');
    const d1 = await kit.delivery(vendor, 3000, '2026-02-01');
    const d2 = await kit.delivery(vendor, 2000.5, '2026-02-05');
    const cn = await kit.creditNote(vendor, 1000, { reference: 'CN-1' });
    const account = await kit.account(10_000);
    const res = await kit.pay<Payment>({
      vendor,
      account,
      amount: 5000.5,
      reference: 'UTR-1',
      notes: 'March settlement',
      delivery_allocations: [
        { delivery: d1, amount: 3000 },
        { delivery: d2, amount: 2000.5 },
      ],
      credit_note_allocations: [{ credit_note: cn, amount: 1000 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body;
    expect(p).toMatchObject({
      site: siteId,
      vendor,
      account,
      amount: 5000.5,
      payment_date: '2026-03-10',
      reference: 'UTR-1',
      allocation_state: 'fully_allocated',
      allocated_amount: 5000.5,
      credit_note_amount: 1000,
      account_amount: 4000.5,
      deliveries: [d1, d2],
      service_bookings: [],
      credit_notes: [cn],
    });
    expect(p.payment_allocations.map((a) => [a.delivery, a.allocated_amount])).toEqual([
      [d1, 3000],
      [d2, 2000.5],
    ]);
    expect(p.credit_note_usage).toMatchObject([
      { credit_note: cn, used_amount: 1000, used_date: '2026-03-10', vendor, payment: p.id },
    ]);
    expect(await delivery(d1)).toMatchObject({ paid_amount: 3000, payment_status: 'paid' });
    expect(await delivery(d2)).toMatchObject({ paid_amount: 2000.5, payment_status: 'paid' });
    expect(await note(cn)).toEqual({ balance: 0, status: 'fully_used' });
    expect(await balanceOf(account)).toBe(5999.5);
    const txs = await kit.get<Page<{ type: string; amount: number; payment: string }>>(
      `/account_transactions?payment=${p.id}`,
    );
    expect(txs.items).toMatchObject([
      { type: 'debit', amount: 4000.5, payment: p.id, transaction_category: 'payment', vendor },
    ]);
    // The create answers from what it wrote (not read back): exactly what GET reads.
    expect(p).toEqual(await kit.get<Payment>(`/payments/${p.id}`));
    // Payment edit shows its allocations, with what they point at when asked.
    const full = await kit.get<Payment>(
      `/payments/${p.id}?expand=vendor,account,payment_allocations,credit_note_usage`,
      accountant.token,
    );
    expect(full.expand?.vendor?.name).toBe('Sharma Traders');
    expect(full.expand?.account?.name).toMatch(/^Bank/);
    expect(full.payment_allocations[0]!.expand?.delivery?.delivery_reference).toMatch(/^CH-/);
    expect(full.credit_note_usage[0]!.expand?.credit_note).toMatchObject({
      reference: 'CN-1',
      balance: 0,
    });
    const vendorRecord = await kit.get<{ total_paid: number; outstanding: number }>(
      `/vendors/${vendor}`,
    );
    expect(vendorRecord).toMatchObject({ total_paid: 5000.5, outstanding: 0 });
  });

  it('partial, unallocated and booking payments; statuses follow', async () => {
    const vendor = await kit.vendor();
    const d = await kit.delivery(vendor, 1000);
    const b = await kit.booking(vendor, 800, { percent: 50 });
    const account = await kit.account(5000);
    const partial = await kit.pay<Payment>({
      vendor,
      account,
      amount: 1000,
      delivery_allocations: [{ delivery: d, amount: 400 }],
      service_booking_allocations: [{ service_booking: b, amount: 400 }],
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({
      allocation_state: 'partially_allocated',
      allocated_amount: 800,
      service_bookings: [b],
      account_amount: 1000,
    });
    expect(await delivery(d)).toMatchObject({ paid_amount: 400, payment_status: 'partial' });
    expect(await booking(b)).toMatchObject({
      paid_amount: 400,
      payment_status: 'currently_paid_up',
    });
    const advance = await kit.pay<Payment>({ vendor, account, amount: 250 });
    expect(advance.status).toBe(201);
    expect(advance.body).toMatchObject({ allocation_state: 'unallocated', allocated_amount: 0 });
    expect(await balanceOf(account)).toBe(3750);
    const rest = await kit.pay<Payment>({
      vendor,
      account,
      amount: 1000,
      delivery_allocations: [{ delivery: d, amount: 600 }],
      service_booking_allocations: [{ service_booking: b, amount: 400 }],
    });
    expect(rest.body.allocation_state).toBe('fully_allocated');
    expect(await delivery(d)).toMatchObject({ paid_amount: 1000, payment_status: 'paid' });
    expect(await booking(b)).toMatchObject({ paid_amount: 800, payment_status: 'paid' });
  });

  it('credit notes alone may pay; the account is then not needed and not debited', async () => {
    const vendor = await kit.vendor();
    const d = await kit.delivery(vendor, 700);
    const a = await kit.creditNote(vendor, 500, { issue_date: '2026-01-01' });
    const b = await kit.creditNote(vendor, 500, { issue_date: '2026-01-02' });
    const account = await kit.account(1000);
    const res = await kit.pay<Payment>({
      vendor,
      account,
      amount: 700,
      delivery_allocations: [{ delivery: d, amount: 700 }],
      credit_note_allocations: [
        { credit_note: b, amount: 200 },
        { credit_note: a, amount: 500 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ account: null, account_amount: 0, credit_note_amount: 700 });
    expect(res.body.credit_notes).toEqual([a, b]);
    expect(await note(a)).toEqual({ balance: 0, status: 'fully_used' });
    expect(await note(b)).toEqual({ balance: 30000, status: 'active' });
    expect(await balanceOf(account)).toBe(1000);
  });
});

describe('the rules, each with its code', () => {
  it('400 CREDIT_NOTES_EXCEED_AMOUNT', async () => {
    const vendor = await kit.vendor();
    const cn = await kit.creditNote(vendor, 1000);
    const res = await kit.pay<ErrorBody>({
      vendor,
      amount: 500,
      credit_note_allocations: [{ credit_note: cn, amount: 600 }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'CREDIT_NOTES_EXCEED_AMOUNT',
      data: { amount: 500, credit: 600 },
    });
  });

  it("400 ACCOUNT_REQUIRED with the spec's message, in English and Hindi", async () => {
    const vendor = await kit.vendor();
    const cn = await kit.creditNote(vendor, 100);
    const body = {
      vendor,
      amount: 500,
      credit_note_allocations: [{ credit_note: cn, amount: 100 }],
    };
    const res = await kit.pay<ErrorBody>(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ACCOUNT_REQUIRED');
    expect(res.body.message).toBe(
      'Account selection is required when credit notes do not cover the full payment amount.',
    );
    const hi = await call<ErrorBody>(server.url, 'POST', kit.url('/payments'), {
      token: owner.token,
      lang: 'hi',
      body: { ...body, payment_date: '2026-03-10' },
    });
    expect(hi.body.message).toMatch(/खाता/);
    const none = await kit.pay<ErrorBody>({ vendor: await kit.vendor(), amount: 1 });
    expect(none.body.code).toBe('ACCOUNT_REQUIRED');
  });

  it('400 CREDIT_NOTE_PRIORITY: a newer note before an older one, or an account before notes', async () => {
    const vendor = await kit.vendor();
    const older = await kit.creditNote(vendor, 300, { issue_date: '2026-01-05', reference: 'OLD' });
    const newer = await kit.creditNote(vendor, 300, { issue_date: '2026-02-05' });
    const account = await kit.account(1000);
    const newerFirst = await kit.pay<ErrorBody>({
      vendor,
      amount: 300,
      credit_note_allocations: [{ credit_note: newer, amount: 300 }],
    });
    expect(newerFirst.status).toBe(400);
    expect(newerFirst.body).toMatchObject({
      code: 'CREDIT_NOTE_PRIORITY',
      data: { reason: 'older_first', credit_note: older, reference: 'OLD', balance: 300 },
    });
    const olderInPart = await kit.pay<ErrorBody>({
      vendor,
      amount: 400,
      credit_note_allocations: [
        { credit_note: older, amount: 200 },
        { credit_note: newer, amount: 200 },
      ],
    });
    expect(olderInPart.body).toMatchObject({
      code: 'CREDIT_NOTE_PRIORITY',
      data: { balance: 100 },
    });
    const accountFirst = await kit.pay<ErrorBody>({ vendor, account, amount: 100 });
    expect(accountFirst.body).toMatchObject({
      code: 'CREDIT_NOTE_PRIORITY',
      data: { reason: 'account_before_credit', credit_note: older },
    });
    const notAll = await kit.pay<ErrorBody>({
      vendor,
      account,
      amount: 700,
      credit_note_allocations: [{ credit_note: older, amount: 300 }],
    });
    expect(notAll.body).toMatchObject({
      code: 'CREDIT_NOTE_PRIORITY',
      data: { credit_note: newer },
    });
    const allUsed = await kit.pay({
      vendor,
      account,
      amount: 700,
      credit_note_allocations: [
        { credit_note: older, amount: 300 },
        { credit_note: newer, amount: 300 },
      ],
    });
    expect(allUsed.status).toBe(201);
    expect(await balanceOf(account)).toBe(900);
  });

  it('409 CREDIT_NOTE_BALANCE_CHANGED with the figures, or the adjusted amount when allowed', async () => {
    const vendor = await kit.vendor();
    const cn = await kit.creditNote(vendor, 1000, { reference: 'CN-77' });
    const account = await kit.account(5000);
    expect(
      (
        await kit.pay({
          vendor,
          amount: 400,
          credit_note_allocations: [{ credit_note: cn, amount: 400 }],
        })
      ).status,
    ).toBe(201);
    const stale = {
      vendor,
      amount: 1000,
      credit_note_allocations: [{ credit_note: cn, amount: 1000 }],
    };
    const refused = await kit.pay<ErrorBody>(stale);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CREDIT_NOTE_BALANCE_CHANGED',
      data: {
        credit_note: cn,
        reference: 'CN-77',
        requested: 1000,
        available: 600,
        original: 1000,
        used: 400,
      },
    });
    expect(refused.body.message).toContain('CN-77');
    const noAccount = await kit.pay<ErrorBody>({ ...stale, allowBalanceAdjustment: true });
    expect(noAccount.body.code).toBe('ACCOUNT_REQUIRED');
    const adjusted = await kit.pay<Payment>({ ...stale, account, allowBalanceAdjustment: true });
    expect(adjusted.status).toBe(201);
    expect(adjusted.body).toMatchObject({
      amount: 1000,
      credit_note_amount: 600,
      account_amount: 400,
    });
    expect(await note(cn)).toEqual({ balance: 0, status: 'fully_used' });
    expect(await balanceOf(account)).toBe(4600);
    // A note used up meanwhile: 409 again with available 0; adjusted, it drops out.
    const gone = await kit.pay<ErrorBody>({
      ...stale,
      account,
      amount: 10,
      credit_note_allocations: [{ credit_note: cn, amount: 10 }],
    });
    expect(gone.body).toMatchObject({
      code: 'CREDIT_NOTE_BALANCE_CHANGED',
      data: { available: 0 },
    });
  });

  it('expired notes are not usable: refused when named, ignored by the priority rule', async () => {
    const vendor = await kit.vendor();
    const expired = await kit.creditNote(vendor, 500, {
      issue_date: '2020-01-01',
      expiry_date: '2021-01-01',
    });
    const account = await kit.account(1000);
    const named = await kit.pay<ErrorBody>({
      vendor,
      account,
      amount: 100,
      credit_note_allocations: [{ credit_note: expired, amount: 100 }],
    });
    expect(named.status).toBe(400);
    expect(named.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { 'credit_note_allocations.0.credit_note': { code: 'credit_note_expired' } },
    });
    expect((await kit.pay({ vendor, account, amount: 100 })).status).toBe(201);
  });

  it('400 ALLOCATION_EXCEEDS_DUE for more than the due, or allocations above the amount', async () => {
    const vendor = await kit.vendor();
    const d = await kit.delivery(vendor, 1000);
    const account = await kit.account(5000);
    const over = await kit.pay<ErrorBody>({
      vendor,
      account,
      amount: 1000.01,
      delivery_allocations: [{ delivery: d, amount: 1000.01 }],
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: 'ALLOCATION_EXCEEDS_DUE',
      data: { delivery: d, requested: 1000.01, due: 1000, field: 'delivery_allocations.0.amount' },
    });
    const aboveAmount = await kit.pay<ErrorBody>({
      vendor,
      account,
      amount: 100,
      delivery_allocations: [{ delivery: d, amount: 200 }],
    });
    expect(aboveAmount.body).toMatchObject({
      code: 'ALLOCATION_EXCEEDS_DUE',
      data: { allocated: 200, amount: 100 },
    });
    await kit.pay({
      vendor,
      account,
      amount: 900,
      delivery_allocations: [{ delivery: d, amount: 900 }],
    });
    const afterPart = await kit.pay<ErrorBody>({
      vendor,
      account,
      amount: 200,
      delivery_allocations: [{ delivery: d, amount: 200 }],
    });
    expect(afterPart.body).toMatchObject({ code: 'ALLOCATION_EXCEEDS_DUE', data: { due: 100 } });
    const b = await kit.booking(vendor, 300);
    const overBooking = await kit.pay<ErrorBody>({
      vendor,
      account,
      amount: 400,
      service_booking_allocations: [{ service_booking: b, amount: 300.5 }],
    });
    expect(overBooking.body).toMatchObject({
      code: 'ALLOCATION_EXCEEDS_DUE',
      data: { service_booking: b, due: 300, field: 'service_booking_allocations.0.amount' },
    });
  });

  it('an inactive account cannot pay, and nothing is written', async () => {
    const vendor = await kit.vendor();
    const d = await kit.delivery(vendor, 100);
    const account = await kit.account(1000, { is_active: false });
    const before = await moneySnapshot(server, siteId);
    const res = await kit.pay<ErrorBody>({
      vendor,
      account,
      amount: 100,
      delivery_allocations: [{ delivery: d, amount: 100 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ACCOUNT_INACTIVE');
    expect(await moneySnapshot(server, siteId)).toEqual(before);
  });

  it('a cancelled booking cannot receive payments', async () => {
    const vendor = await kit.vendor();
    const b = await kit.booking(vendor, 500, { status: 'cancelled' });
    const res = await kit.pay<ErrorBody>({
      vendor,
      account: await kit.account(),
      amount: 100,
      service_booking_allocations: [{ service_booking: b, amount: 100 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({
      'service_booking_allocations.0.service_booking': { code: 'booking_cancelled' },
    });
  });

  it('refuses bad amounts, dates and duplicate entries with the contract shape, writing nothing', async () => {
    const vendor = await kit.vendor();
    const d = await kit.delivery(vendor, 100);
    const account = await kit.account();
    const before = await moneySnapshot(server, siteId);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 10.123 }, 'amount'],
      [{ amount: 1e12 }, 'amount'],
      [{ amount: 10, payment_date: '2026-02-30' }, 'payment_date'],
      [
        { amount: 10, delivery_allocations: [{ delivery: d, amount: 0 }] },
        'delivery_allocations.0.amount',
      ],
      [
        {
          amount: 10,
          delivery_allocations: [
            { delivery: d, amount: 5 },
            { delivery: d, amount: 5 },
          ],
        },
        'delivery_allocations.1.delivery',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await kit.pay<ErrorBody>({ vendor, account, ...body });
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.data), field).toContain(field);
    }
    expect(await moneySnapshot(server, siteId)).toEqual(before);
  });
});

describe('site scope and permissions', () => {
  it("names of another site's or another vendor's records are 400 on their field", async () => {
    const vendor = await kit.vendor();
    const otherVendorHere = await kit.vendor();
    const account = await kit.account();
    const foreignVendor = await other.vendor();
    const foreignDelivery = await other.delivery(foreignVendor, 100);
    const foreignAccount = await other.account();
    const foreignNote = await other.creditNote(foreignVendor, 100);
    const otherVendorDelivery = await kit.delivery(otherVendorHere, 100);
    const otherVendorNote = await kit.creditNote(otherVendorHere, 100);
    const otherVendorBooking = await kit.booking(otherVendorHere, 100);
    const vendorRes = await kit.pay<ErrorBody>({ vendor: foreignVendor, account, amount: 10 });
    expect(vendorRes.status).toBe(400);
    expect(vendorRes.body.data).toHaveProperty('vendor');
    const res = await kit.pay<ErrorBody>({
      vendor,
      account: foreignAccount,
      amount: 50,
      delivery_allocations: [
        { delivery: foreignDelivery, amount: 10 },
        { delivery: otherVendorDelivery, amount: 10 },
      ],
      service_booking_allocations: [{ service_booking: otherVendorBooking, amount: 10 }],
      credit_note_allocations: [
        { credit_note: foreignNote, amount: 5 },
        { credit_note: otherVendorNote, amount: 5 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.data).sort()).toEqual([
      'account',
      'credit_note_allocations.0.credit_note',
      'credit_note_allocations.1.credit_note',
      'delivery_allocations.0.delivery',
      'delivery_allocations.1.delivery',
      'service_booking_allocations.0.service_booking',
    ]);
  });

  it("another site's payment is 404 and never listed", async () => {
    const v = await other.vendor();
    const foreign = await other.pay<Payment>({
      vendor: v,
      account: await other.account(),
      amount: 5,
    });
    expect(foreign.status).toBe(201);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await call<ErrorBody>(
        server.url,
        method,
        kit.url(`/payments/${foreign.body.id}`),
        {
          token: owner.token,
          ...(method === 'PATCH' ? { body: { notes: 'x' } } : {}),
        },
      );
      expect(res.status, method).toBe(404);
    }
    const list = await kit.get<Page<Payment>>('/payments?perPage=500');
    expect(list.items.some((p) => p.id === foreign.body.id)).toBe(false);
  });

  it('accountants read payments but cannot create; supervisors cannot delete; strangers get nothing', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account();
    const denied = await kit.pay<ErrorBody>({ vendor, account, amount: 10 }, accountant.token);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot create payments',
    });
    const made = await kit.pay<Payment>({ vendor, account, amount: 10 }, supervisor.token);
    expect(made.status).toBe(201);
    for (const path of [
      '/payments',
      `/payments/${made.body.id}`,
      '/payment_allocations',
      '/credit_note_usage',
      `/vendors/${vendor}/payables`,
    ]) {
      await kit.get(path, accountant.token);
      const strangerRes = await call<ErrorBody>(server.url, 'GET', kit.url(path), {
        token: stranger.token,
      });
      expect(strangerRes.status, path).toBe(403);
      expect(strangerRes.body.code).toBe('ACCESS_DENIED');
    }
    const patch = await call<ErrorBody>(server.url, 'PATCH', kit.url(`/payments/${made.body.id}`), {
      token: accountant.token,
      body: { notes: 'x' },
    });
    expect(patch.body.message).toBe('Permission denied: Cannot update payments');
    const del = await call<ErrorBody>(server.url, 'DELETE', kit.url(`/payments/${made.body.id}`), {
      token: supervisor.token,
    });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('Permission denied: Cannot delete payments');
  });
});

describe('editing and deleting', () => {
  it('edits reference, notes and date; the account debit and usage follow; the vendor is fixed', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(1000);
    const cn = await kit.creditNote(vendor, 50);
    const p = (
      await kit.pay<Payment>({
        vendor,
        account,
        amount: 150,
        reference: 'OLD',
        credit_note_allocations: [{ credit_note: cn, amount: 50 }],
      })
    ).body;
    const res = await call<Payment>(server.url, 'PATCH', kit.url(`/payments/${p.id}`), {
      token: supervisor.token,
      body: { reference: 'NEW', notes: 'cheque 42', payment_date: '2026-03-20' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reference: 'NEW',
      notes: 'cheque 42',
      payment_date: '2026-03-20',
    });
    expect(res.body.credit_note_usage[0]!.used_date).toBe('2026-03-20');
    const txs = await kit.get<
      Page<{ transaction_date: string; reference: string; amount: number }>
    >(`/account_transactions?payment=${p.id}`);
    expect(txs.items).toMatchObject([
      { transaction_date: '2026-03-20', reference: 'NEW', amount: 100 },
    ]);
    expect(await balanceOf(account)).toBe(900);
    // API.md "Correcting a payment": everything but the vendor may change.
    const fixed = await call<ErrorBody>(server.url, 'PATCH', kit.url(`/payments/${p.id}`), {
      token: owner.token,
      body: { vendor: await kit.vendor() },
    });
    expect(fixed.status).toBe(400);
    expect(fixed.body.data).toHaveProperty('vendor');
  });

  it("refuses to delete a payment with allocations, with the spec's message", async () => {
    const vendor = await kit.vendor();
    const d = await kit.delivery(vendor, 100);
    const p = (
      await kit.pay<Payment>({
        vendor,
        account: await kit.account(),
        amount: 100,
        delivery_allocations: [{ delivery: d, amount: 100 }],
      })
    ).body;
    const res = await call<ErrorBody>(server.url, 'DELETE', kit.url(`/payments/${p.id}`), {
      token: owner.token,
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'PAYMENT_HAS_ALLOCATIONS',
      message:
        'Cannot delete payment with existing allocations. Please remove all allocations first.',
    });
    expect(await delivery(d)).toMatchObject({ paid_amount: 100, payment_status: 'paid' });
  });

  it('deleting an unallocated payment gives back its credit notes and its account debit', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(1000);
    const cn = await kit.creditNote(vendor, 100);
    const p = (
      await kit.pay<Payment>({
        vendor,
        account,
        amount: 300,
        credit_note_allocations: [{ credit_note: cn, amount: 100 }],
      })
    ).body;
    expect(await note(cn)).toEqual({ balance: 0, status: 'fully_used' });
    expect(await balanceOf(account)).toBe(800);
    const res = await call(server.url, 'DELETE', kit.url(`/payments/${p.id}`), {
      token: owner.token,
    });
    expect(res.status).toBe(204);
    expect(await note(cn)).toEqual({ balance: 10000, status: 'active' });
    expect(await balanceOf(account)).toBe(1000);
    const gone = await call(server.url, 'GET', kit.url(`/payments/${p.id}`), {
      token: owner.token,
    });
    expect(gone.status).toBe(404);
    const usage = await kit.get<Page<Usage>>(`/credit_note_usage?credit_note=${cn}`);
    expect(usage.totalItems).toBe(0);
  });
});

describe('lists and the payment form helper', () => {
  it('lists payments newest payment_date first with filters, and allocations and usage with theirs', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(10_000);
    const d = await kit.delivery(vendor, 500);
    const cn = await kit.creditNote(vendor, 10);
    const dates = ['2026-01-15', '2026-03-01', '2026-02-10'];
    const ids: string[] = [];
    for (const [i, payment_date] of dates.entries()) {
      const res = await kit.pay<Payment>({
        vendor,
        account,
        amount: 100,
        payment_date,
        ...(i === 0
          ? {
              credit_note_allocations: [{ credit_note: cn, amount: 10 }],
              delivery_allocations: [{ delivery: d, amount: 100 }],
            }
          : {}),
      });
      ids.push(res.body.id);
    }
    const list = await kit.get<Page<Payment>>(`/payments?vendor=${vendor}&expand=vendor`);
    expect(list.totalItems).toBe(3);
    expect(list.items.map((p) => p.payment_date)).toEqual([
      '2026-03-01',
      '2026-02-10',
      '2026-01-15',
    ]);
    expect(list.items[2]!.payment_allocations).toHaveLength(1);
    expect(list.items[0]!.expand?.vendor).toBeDefined();
    const filtered = await kit.get<Page<Payment>>(
      `/payments?vendor=${vendor}&allocation_state=unallocated&from=2026-02-01&to=2026-02-28`,
    );
    expect(filtered.items.map((p) => p.id)).toEqual([ids[2]]);
    expect((await kit.get<Page<Payment>>(`/payments?account=${account}`)).totalItems).toBe(3);
    const allocations = await kit.get<Page<Allocation>>(
      `/payment_allocations?delivery=${d}&expand=payment,delivery`,
    );
    expect(allocations.items).toMatchObject([{ payment: ids[0], allocated_amount: 100 }]);
    expect(
      (await kit.get<Page<Allocation>>(`/payment_allocations?payment=${ids[1]}`)).totalItems,
    ).toBe(0);
    const usage = await kit.get<Page<Usage>>(
      `/credit_note_usage?vendor=${vendor}&expand=credit_note`,
    );
    expect(usage.items).toMatchObject([{ credit_note: cn, payment: ids[0], used_amount: 10 }]);
    const bad = await call<ErrorBody>(server.url, 'GET', kit.url('/payments?sort=password'), {
      token: owner.token,
    });
    expect(bad.status).toBe(400);
  });

  it('payables: open deliveries and bookings oldest first, usable credit notes in the order of use', async () => {
    const vendor = await kit.vendor();
    const account = await kit.account(10_000);
    const late = await kit.delivery(vendor, 300, '2026-02-20');
    const early = await kit.delivery(vendor, 200, '2026-01-20');
    const settled = await kit.delivery(vendor, 50, '2026-01-01');
    await kit.booking(vendor, 999, { status: 'cancelled' });
    const open = await kit.booking(vendor, 400, { date: '2026-02-01' });
    await kit.creditNote(vendor, 5, { issue_date: '2020-01-01', expiry_date: '2020-12-31' });
    const newer = await kit.creditNote(vendor, 20, { issue_date: '2026-02-01' });
    const older = await kit.creditNote(vendor, 30, { issue_date: '2026-01-01' });
    await kit.pay({
      vendor,
      amount: 150,
      credit_note_allocations: [
        { credit_note: older, amount: 30 },
        { credit_note: newer, amount: 20 },
      ],
      account,
      delivery_allocations: [
        { delivery: settled, amount: 50 },
        { delivery: early, amount: 100 },
      ],
    });
    const more = await kit.creditNote(vendor, 70, { issue_date: '2026-03-01' });
    const again = await kit.creditNote(vendor, 10, { issue_date: '2026-02-15' });
    const payables = await kit.get<{
      deliveries: { id: string; due: number; paid_amount: number }[];
      service_bookings: { id: string; due: number; service_name: string }[];
      credit_notes: { id: string; balance: number }[];
      total_due: number;
      credit_balance: number;
      truncated: boolean;
    }>(`/vendors/${vendor}/payables`, accountant.token);
    expect(payables.deliveries).toMatchObject([
      { id: early, paid_amount: 100, due: 100 },
      { id: late, due: 300 },
    ]);
    expect(payables.service_bookings).toMatchObject([{ id: open, due: 400 }]);
    expect(payables.service_bookings[0]!.service_name).toMatch(/^JCB/);
    expect(payables.credit_notes.map((n) => n.id)).toEqual([again, more]);
    expect(payables).toMatchObject({ total_due: 800, credit_balance: 80, truncated: false });
    const missing = await call<ErrorBody>(
      server.url,
      'GET',
      kit.url('/vendors/aaaaaaaaaaaaaaa/payables'),
      {
        token: owner.token,
      },
    );
    expect(missing.status).toBe(404);
  });
});

describe('atomicity', () => {
  it('a bad allocation after a good one changes nothing', async () => {
    const vendor = await kit.vendor();
    const good = await kit.delivery(vendor, 500);
    const foreign = await kit.delivery(await kit.vendor(), 500);
    const cn = await kit.creditNote(vendor, 100);
    const account = await kit.account(1000);
    const before = await moneySnapshot(server, siteId);
    const res = await kit.pay<ErrorBody>({
      vendor,
      account,
      amount: 600,
      credit_note_allocations: [{ credit_note: cn, amount: 100 }],
      delivery_allocations: [
        { delivery: good, amount: 500 },
        { delivery: foreign, amount: 100 },
      ],
    });
    expect(res.status).toBe(400);
    expect(await moneySnapshot(server, siteId)).toEqual(before);
  });

  it('a failure deep inside the transaction rolls every row back', async () => {
    const db = server.ctx.db.kysely;
    const pg = server.ctx.db.dialect === 'postgres';
    const vendor = await kit.vendor();
    const d1 = await kit.delivery(vendor, 500);
    const d2 = await kit.delivery(vendor, 500);
    const cn = await kit.creditNote(vendor, 100);
    const account = await kit.account(1000);
    const body = {
      vendor,
      account,
      amount: 1000,
      credit_note_allocations: [{ credit_note: cn, amount: 100 }],
      delivery_allocations: [
        { delivery: d1, amount: 500 },
        { delivery: d2, amount: 500 },
      ],
    };
    if (pg) {
      await sql`create or replace function sl_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`.execute(db);
    }
    // First the allocation insert fails, then (later still) the account posting.
    for (const [name, table, when] of [
      ['sl_test_alloc', 'payment_allocations', `new.delivery = '${d2}'`],
      ['sl_test_posting', 'account_transactions', `new.account = '${account}'`],
    ] as const) {
      if (pg) {
        await sql`create trigger ${sql.raw(name)} before insert on ${sql.raw(table)} for each row
          when (${sql.raw(when)}) execute function sl_test_refuse()`.execute(db);
      } else {
        await sql`create trigger ${sql.raw(name)} before insert on ${sql.raw(table)}
          when ${sql.raw(when)} begin select raise(abort, 'refused by test'); end`.execute(db);
      }
      const before = await moneySnapshot(server, siteId);
      const res = await kit.pay<ErrorBody>(body);
      expect(res.status, name).toBe(500);
      expect(await moneySnapshot(server, siteId)).toEqual(before);
      await sql`drop trigger ${sql.raw(name)}${sql.raw(pg ? ` on ${table}` : '')}`.execute(db);
    }
    expect((await kit.pay(body)).status).toBe(201);
    expect(await delivery(d2)).toMatchObject({ payment_status: 'paid' });
  });

  // A payment sets its statuses in the recompute's own UPDATE, from the rows it locked; a status
  // expected wrongly (the figures moved some other way) must still end right.
  it('a status the recompute was told to expect wrongly is corrected in the same transaction', async () => {
    const vendor = await kit.vendor();
    const d = await kit.delivery(vendor, 700);
    const b = await kit.booking(vendor, 900);
    const cn = await kit.creditNote(vendor, 200);
    const account = await kit.account(5000);
    const paid = await kit.pay({
      vendor,
      account,
      amount: 1600,
      credit_note_allocations: [{ credit_note: cn, amount: 200 }],
      delivery_allocations: [{ delivery: d, amount: 700 }],
      service_booking_allocations: [{ service_booking: b, amount: 900 }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const now = new Date().toISOString();
    await server.ctx.db.kysely.transaction().execute(async (trx) => {
      await refreshTargets(trx, siteId, [d], [b], now, {
        deliveries: new Map([[d, 'pending']]),
        bookings: new Map([[b, 'partial']]),
      });
      await refreshCreditNotes(trx, siteId, [cn], now, new Map([[cn, 'active']]));
    });
    expect(await delivery(d)).toMatchObject({ paid_amount: 700, payment_status: 'paid' });
    expect(await booking(b)).toMatchObject({ paid_amount: 900, payment_status: 'paid' });
    expect(await note(cn)).toEqual({ balance: 0, status: 'fully_used' });
  });
});
