import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { useCreditNote } from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let outsider: Registered;
let siteId: string;
let otherOwner: Registered;
let otherSiteId: string;
let vendorId: string;

interface CreditNote {
  id: string;
  site: string;
  vendor: string;
  credit_amount: number;
  balance: number;
  issue_date: string;
  expiry_date: string | null;
  reference: string | null;
  reason: string | null;
  return_id: string | null;
  status: string;
  usable: boolean;
  expand?: { vendor?: { name: string } };
}
interface VendorReturn {
  id: string;
  status: string;
  actual_refund_amount: number | null;
  refund_type: string | null;
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
const req = <T>(method: string, path: string, body?: unknown, token = owner.token, site = siteId) =>
  call<T>(server.url, method, url(path, site), { token, body });
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function note(body: Record<string, unknown> = {}, token = owner.token): Promise<CreditNote> {
  const res = await req<CreditNote>(
    'POST',
    '/vendor_credit_notes',
    {
      vendor: vendorId,
      credit_amount: 500,
      issue_date: '2025-03-01',
      reference: 'CN-1',
      reason: 'Rate difference',
      ...body,
    },
    token,
  );
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What a payment does to a note (the payments service writes these rows): usage, lower balance. */
const useNote = (noteId: string, paise: number) =>
  useCreditNote(server, siteId, noteId, paise, { date: '2025-03-05' });

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
  vendorId = (await req<{ id: string }>('POST', '/vendors', { name: 'Balaji Steel' })).body.id;
});
afterAll(async () => {
  await server?.close();
});

describe('credit notes', () => {
  it('are created with balance = credit_amount and status active; the client cannot set either', async () => {
    const res = await req<CreditNote>(
      'POST',
      '/vendor_credit_notes',
      {
        vendor: vendorId,
        credit_amount: 1234.56,
        issue_date: '2025-03-01',
        expiry_date: '2099-03-31',
        reference: 'CN-77',
        reason: 'Short supply',
        balance: 99999,
        status: 'fully_used',
        return_id: 'aaaaaaaaaaaaaaa',
      },
      supervisor.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      site: siteId,
      vendor: vendorId,
      credit_amount: 1234.56,
      balance: 1234.56,
      status: 'active',
      usable: true,
      issue_date: '2025-03-01',
      expiry_date: '2099-03-31',
      reference: 'CN-77',
      reason: 'Short supply',
      return_id: null,
    });
    const vendor = await req<{ credit_balance: number }>('GET', `/vendors/${vendorId}`);
    expect(vendor.body.credit_balance).toBeGreaterThanOrEqual(1234.56);
  });

  it("refuses bad input and another site's vendor; nothing is written", async () => {
    const before = (await req<Page<CreditNote>>('GET', '/vendor_credit_notes?perPage=1')).body
      .totalItems;
    const otherVendor = (
      await req<{ id: string }>('POST', '/vendors', { name: 'X' }, otherOwner.token, otherSiteId)
    ).body.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ vendor: otherVendor }, 'vendor'],
      [{ credit_amount: 0 }, 'credit_amount'],
      [{ credit_amount: -5 }, 'credit_amount'],
      [{ credit_amount: 1.005 }, 'credit_amount'],
      [{ issue_date: '2025-13-01' }, 'issue_date'],
      [{ expiry_date: '2025-02-28' }, 'expiry_date'],
    ];
    for (const [body, field] of cases) {
      const res = await req<ErrorBody>('POST', '/vendor_credit_notes', {
        vendor: vendorId,
        credit_amount: 10,
        issue_date: '2025-03-01',
        ...body,
      });
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.data, field).toHaveProperty([field]);
    }
    expect(
      (await req<Page<CreditNote>>('GET', '/vendor_credit_notes?perPage=1')).body.totalItems,
    ).toBe(before);
  });

  it('permissions: accountants read but cannot write; supervisors cannot delete; strangers are refused', async () => {
    const n = await note();
    expect((await req('GET', '/vendor_credit_notes', undefined, accountant.token)).status).toBe(
      200,
    );
    expect(
      (await req('GET', `/vendor_credit_notes/${n.id}`, undefined, accountant.token)).status,
    ).toBe(200);
    const create = await req<ErrorBody>(
      'POST',
      '/vendor_credit_notes',
      { vendor: vendorId, credit_amount: 1, issue_date: '2025-03-01' },
      accountant.token,
    );
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('Permission denied: Cannot create credit notes');
    const patch = await req<ErrorBody>(
      'PATCH',
      `/vendor_credit_notes/${n.id}`,
      { reference: 'x' },
      accountant.token,
    );
    expect(patch.body.message).toBe('Permission denied: Cannot update credit notes');
    const del = await req<ErrorBody>(
      'DELETE',
      `/vendor_credit_notes/${n.id}`,
      undefined,
      supervisor.token,
    );
    expect(del.body.message).toBe('Permission denied: Cannot delete credit notes');
    expect(
      (await req<ErrorBody>('GET', '/vendor_credit_notes', undefined, outsider.token)).body.code,
    ).toBe('ACCESS_DENIED');
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await req<ErrorBody>(
        method,
        `/vendor_credit_notes/${n.id}`,
        method === 'PATCH' ? { reference: 'x' } : undefined,
        otherOwner.token,
        otherSiteId,
      );
      expect(res.status, method).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await req<CreditNote>('GET', `/vendor_credit_notes/${n.id}`)).body.reference).toBe(
      'CN-1',
    );
  });

  it('PATCH: the amount moves the balance by the same; dates and texts always change', async () => {
    const n = await note({ credit_amount: 500 });
    const changed = await req<CreditNote>('PATCH', `/vendor_credit_notes/${n.id}`, {
      credit_amount: 650.5,
      expiry_date: '2099-01-01',
      reference: 'CN-1A',
      balance: 1,
      vendor: 'bbbbbbbbbbbbbbb',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      credit_amount: 650.5,
      balance: 650.5,
      status: 'active',
      expiry_date: '2099-01-01',
      reference: 'CN-1A',
      vendor: vendorId,
    });
    const badDates = await req<ErrorBody>('PATCH', `/vendor_credit_notes/${n.id}`, {
      expiry_date: '2025-02-01',
    });
    expect(badDates.status).toBe(400);
    expect(badDates.body.data).toHaveProperty('expiry_date');
    await useNote(n.id, 10_000);
    const after = await req<CreditNote>('PATCH', `/vendor_credit_notes/${n.id}`, {
      reason: 'Agreed',
      credit_amount: 650.5,
    });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ credit_amount: 650.5, balance: 550.5, reason: 'Agreed' });
    const del = await req<ErrorBody>('DELETE', `/vendor_credit_notes/${n.id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('CREDIT_NOTE_USED');
    expect((await req('GET', `/vendor_credit_notes/${n.id}`)).status).toBe(200);
  });

  it('PATCH of a used note: the amount may go down to what payments used, never below (409); balance and status follow', async () => {
    const n = await note({ credit_amount: 500 });
    await useNote(n.id, 20_000); // ₹200 used, ₹300 left
    const raised = await req<CreditNote>('PATCH', `/vendor_credit_notes/${n.id}`, {
      credit_amount: 750.25,
    });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ credit_amount: 750.25, balance: 550.25, status: 'active' });

    for (const [token, label] of [
      [owner.token, 'owner'],
      [supervisor.token, 'supervisor'],
    ] as const) {
      const below = await call<ErrorBody>(
        server.url,
        'PATCH',
        url(`/vendor_credit_notes/${n.id}`),
        {
          token,
          body: { credit_amount: 199.99, reference: 'never saved' },
          lang: label === 'owner' ? 'en' : 'hi',
        },
      );
      expect(below.status, label).toBe(409);
      expect(below.body.code).toBe('CREDIT_NOTE_AMOUNT_BELOW_USED');
      expect(below.body.data).toMatchObject({
        requested: 199.99,
        used: 200,
        field: 'credit_amount',
      });
      expect(below.body.message).toContain(label === 'owner' ? 'already used' : 'उपयोग');
    }
    const unchanged = await req<CreditNote>('GET', `/vendor_credit_notes/${n.id}`);
    expect(unchanged.body).toMatchObject({
      credit_amount: 750.25,
      balance: 550.25,
      reference: 'CN-1',
    });

    // Down to exactly what was used: nothing left, so the note is fully used (and no longer usable).
    const exact = await call<CreditNote>(server.url, 'PATCH', url(`/vendor_credit_notes/${n.id}`), {
      token: supervisor.token,
      body: { credit_amount: 200 },
    });
    expect(exact.status).toBe(200);
    expect(exact.body).toMatchObject({
      credit_amount: 200,
      balance: 0,
      status: 'fully_used',
      usable: false,
    });
    // And up again: active once more.
    const again = await req<CreditNote>('PATCH', `/vendor_credit_notes/${n.id}`, {
      credit_amount: 260,
    });
    expect(again.body).toMatchObject({ balance: 60, status: 'active', usable: true });
    const denied = await call<ErrorBody>(server.url, 'PATCH', url(`/vendor_credit_notes/${n.id}`), {
      token: accountant.token,
      body: { credit_amount: 300 },
    });
    expect(denied.status).toBe(403);

    // The trail holds each change with the old and new amounts, balances and statuses.
    const history = await req<{
      items: { action: string; changes: Record<string, { old: unknown; new: unknown }> }[];
    }>('GET', `/audit/credit_notes/${n.id}`);
    const changes = history.body.items.filter((e) => e.action === 'update').map((e) => e.changes);
    expect(changes).toContainEqual(
      expect.objectContaining({
        credit_amount: { old: 750.25, new: 200 },
        balance: { old: 550.25, new: 0 },
        status: { old: 'active', new: 'fully_used' },
      }),
    );
  });

  it('DELETE removes an unused note', async () => {
    const n = await note();
    expect((await req('DELETE', `/vendor_credit_notes/${n.id}`)).status).toBe(204);
    expect((await req('GET', `/vendor_credit_notes/${n.id}`)).status).toBe(404);
  });

  it('lists newest issue_date first; filters vendor, status, usable (active, balance > 0, not expired), dates', async () => {
    const vendor = (await req<{ id: string }>('POST', '/vendors', { name: 'Listing Vendor' })).body
      .id;
    const mk = (body: Record<string, unknown>) => note({ vendor, ...body });
    const t = today();
    const old = await mk({ issue_date: '2025-01-01', reference: 'OLD' });
    const expired = await mk({ issue_date: '2025-01-02', expiry_date: shiftDays(t, -1) });
    const lastDay = await mk({ issue_date: '2025-01-03', expiry_date: t });
    const spent = await mk({ issue_date: '2025-01-04', credit_amount: 100 });
    await useNote(spent.id, 10_000);
    const ids = (query: string) =>
      req<Page<CreditNote>>('GET', `/vendor_credit_notes?vendor=${vendor}&${query}`).then((r) =>
        r.body.items.map((n) => n.id),
      );
    expect(await ids('')).toEqual([spent.id, lastDay.id, expired.id, old.id]);
    expect(await ids('sort=issue_date')).toEqual([old.id, expired.id, lastDay.id, spent.id]);
    expect(await ids('usable=true&sort=issue_date')).toEqual([old.id, lastDay.id]);
    expect(await ids('usable=false')).toEqual([spent.id, expired.id]);
    expect(await ids('status=fully_used')).toEqual([spent.id]);
    expect(await ids('from=2025-01-02&to=2025-01-03')).toEqual([lastDay.id, expired.id]);
    expect(await ids('q=old')).toEqual([old.id]);
    const one = await req<CreditNote>('GET', `/vendor_credit_notes/${expired.id}?expand=vendor`);
    expect(one.body).toMatchObject({ usable: false, status: 'active' });
    expect(one.body.expand?.vendor?.name).toBe('Listing Vendor');
    const vendorRow = await req<{ credit_balance: number }>('GET', `/vendors/${vendor}`);
    expect(vendorRow.body.credit_balance).toBe(1000);
    expect((await req('GET', '/vendor_credit_notes?status=open')).status).toBe(400);
  });
});

describe('credit notes issued for a return', () => {
  async function creditedReturn(credit: number, quantity = 4) {
    const item = (await req<{ id: string }>('POST', '/items', { name: 'Tiles', unit: 'box' })).body
      .id;
    const delivery = await req<{ delivery_items: { id: string }[] }>('POST', '/deliveries', {
      vendor: vendorId,
      delivery_date: '2025-03-01',
      delivery_items: [{ item, quantity: 10, unit_price: 100 }],
    });
    const line = delivery.body.delivery_items[0]!.id;
    const res = await req<VendorReturn>('POST', '/vendor_returns', {
      vendor: vendorId,
      return_date: '2025-03-02',
      reason: 'damaged',
      items: [
        {
          delivery_item: line,
          quantity_returned: quantity,
          return_rate: 100,
          condition: 'damaged',
        },
      ],
      refund: { type: 'credit', amount: credit, refund_date: '2025-03-02' },
    });
    expect(res.status).toBe(201);
    const notes = await req<Page<CreditNote>>(
      'GET',
      `/vendor_credit_notes?return_id=${res.body.id}`,
    );
    return { ret: res.body, note: notes.body.items[0]! };
  }

  it("its amount stays within the return's total and keeps actual_refund_amount true", async () => {
    const { ret, note: n } = await creditedReturn(300);
    expect(n).toMatchObject({ credit_amount: 300, reason: 'damaged', return_id: ret.id });
    const over = await req<ErrorBody>('PATCH', `/vendor_credit_notes/${n.id}`, {
      credit_amount: 400.01,
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('REFUND_EXCEEDS_RETURN');
    const ok = await req<CreditNote>('PATCH', `/vendor_credit_notes/${n.id}`, {
      credit_amount: 400,
    });
    expect(ok.body.balance).toBe(400);
    const after = await req<VendorReturn>('GET', `/vendor_returns/${ret.id}`);
    expect(after.body).toMatchObject({
      status: 'refunded',
      actual_refund_amount: 400,
      refund_type: 'credit',
    });
  });

  it('deleting the unused note takes the refund back: the return is approved again and can then be deleted', async () => {
    const { ret, note: n } = await creditedReturn(250);
    expect((await req<ErrorBody>('DELETE', `/vendor_returns/${ret.id}`)).body.code).toBe(
      'RETURN_HAS_REFUNDS',
    );
    expect((await req('DELETE', `/vendor_credit_notes/${n.id}`)).status).toBe(204);
    const after = await req<VendorReturn>('GET', `/vendor_returns/${ret.id}`);
    expect(after.body).toMatchObject({
      status: 'approved',
      actual_refund_amount: null,
      refund_type: null,
    });
    expect((await req('DELETE', `/vendor_returns/${ret.id}`)).status).toBe(204);
  });

  it('a note used by a real payment: its amount stays within the return and above what was used', async () => {
    const vendor = (await req<{ id: string }>('POST', '/vendors', { name: 'Kaveri Tiles' })).body
      .id;
    const item = (await req<{ id: string }>('POST', '/items', { name: 'Vitrified', unit: 'box' }))
      .body.id;
    const delivery = await req<{ id: string; delivery_items: { id: string }[] }>(
      'POST',
      '/deliveries',
      {
        vendor,
        delivery_date: '2025-05-01',
        delivery_items: [{ item, quantity: 10, unit_price: 100 }],
      },
    );
    const ret = await req<VendorReturn>('POST', '/vendor_returns', {
      vendor,
      return_date: '2025-05-02',
      reason: 'damaged',
      items: [
        {
          delivery_item: delivery.body.delivery_items[0]!.id,
          quantity_returned: 5,
          return_rate: 100,
          condition: 'damaged',
        },
      ],
      refund: { type: 'credit', amount: 300, refund_date: '2025-05-02' },
    });
    const n = (await req<Page<CreditNote>>('GET', `/vendor_credit_notes?return_id=${ret.body.id}`))
      .body.items[0]!;
    const paid = await req('POST', '/payments', {
      vendor,
      amount: 120,
      payment_date: '2025-05-03',
      delivery_allocations: [{ delivery: delivery.body.id, amount: 120 }],
      credit_note_allocations: [{ credit_note: n.id, amount: 120 }],
    });
    expect(paid.status).toBe(201);
    const below = await req<ErrorBody>('PATCH', `/vendor_credit_notes/${n.id}`, {
      credit_amount: 100,
    });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({
      code: 'CREDIT_NOTE_AMOUNT_BELOW_USED',
      data: { used: 120, requested: 100 },
    });
    const over = await req<ErrorBody>('PATCH', `/vendor_credit_notes/${n.id}`, {
      credit_amount: 500.01,
    });
    expect(over.body.code).toBe('REFUND_EXCEEDS_RETURN');
    const ok = await req<CreditNote>('PATCH', `/vendor_credit_notes/${n.id}`, {
      credit_amount: 450,
    });
    expect(ok.body).toMatchObject({ credit_amount: 450, balance: 330, status: 'active' });
    const after = await req<VendorReturn>('GET', `/vendor_returns/${ret.body.id}`);
    expect(after.body).toMatchObject({ status: 'refunded', actual_refund_amount: 450 });
    const vendorRow = await req<{ credit_balance: number }>('GET', `/vendors/${vendor}`);
    expect(vendorRow.body.credit_balance).toBe(330);
  });

  it('a used note of a return cannot be deleted, and neither can the return', async () => {
    const { ret, note: n } = await creditedReturn(200);
    await useNote(n.id, 5_000);
    expect((await req<ErrorBody>('DELETE', `/vendor_credit_notes/${n.id}`)).body.code).toBe(
      'CREDIT_NOTE_USED',
    );
    expect((await req<ErrorBody>('DELETE', `/vendor_returns/${ret.id}`)).body.code).toBe(
      'RETURN_HAS_REFUNDS',
    );
    const after = await req<VendorReturn>('GET', `/vendor_returns/${ret.id}`);
    expect(after.body).toMatchObject({ status: 'refunded', actual_refund_amount: 200 });
  });
});
