import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus } from '../src/db/schema.js';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import {
  insertBooking as insertBookingRow,
  insertCreditNote as insertCreditNoteRow,
  insertDelivery as insertDeliveryRow,
  insertPayment as insertPaymentRow,
  insertReturn as insertReturnRow,
  type Allocation,
} from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let otherOwner: Registered;
let otherSiteId: string;

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

interface Vendor {
  id: string;
  site: string;
  name: string;
  company_name: string | null;
  contact_person: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  payment_details: string | null;
  gstin: string | null;
  tags: string[];
  files: string[];
  total_billed: number;
  total_paid: number;
  outstanding: number;
  credit_balance: number;
  expand?: { tags?: { id: string; name: string }[] };
}
interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}
interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, { code: string; message: string } | undefined>;
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;
const GOOD_GSTIN = '27AAPFU0939F1ZV';

async function createVendor(body: Record<string, unknown>, token = owner.token, site = siteId) {
  const res = await call<Vendor>(server.url, 'POST', url('/vendors', site), { token, body });
  expect(res.status).toBe(201);
  return res.body;
}

// Money rows written directly (deliveries, bookings and payments have their own modules), kept
// consistent: what a bill has paid comes from payments allocated to it.
async function insertDelivery(vendor: string, totalPaise: number) {
  const row = await insertDeliveryRow(server, siteId, {
    vendor,
    date: '2026-01-10',
    itemsTotalPaise: totalPaise,
    reference: null,
  });
  return row.delivery;
}

const insertBooking = (vendor: string, totalPaise: number, status: BookingStatus = 'scheduled') =>
  insertBookingRow(server, siteId, { vendor, totalPaise, status, start: '2026-01-12' });

async function insertPayment(vendor: string, amountPaise: number, allocations: Allocation[] = []) {
  const row = await insertPaymentRow(server, siteId, { vendor, amountPaise, allocations });
  return row.payment;
}

/** A note with `balancePaise` left of at least ₹1; a fully used one has nothing left. */
const insertCreditNote = (
  vendor: string,
  balancePaise: number,
  options: { expiry?: string | null; status?: 'active' | 'fully_used' } = {},
) => {
  const amountPaise = Math.max(balancePaise, 100);
  return insertCreditNoteRow(server, siteId, {
    vendor,
    amountPaise,
    usedPaise: options.status === 'fully_used' ? amountPaise : amountPaise - balancePaise,
    expiryDate: options.expiry ?? null,
  });
};

const insertReturn = (vendor: string) =>
  insertReturnRow(server, siteId, { vendor, date: '2026-01-20', status: 'approved' });

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('vendors', () => {
  it('creates with every field; GSTIN is uppercased and checked; empty optional fields are null', async () => {
    const v = await createVendor(
      {
        name: ' Shree Balaji Traders ',
        company_name: 'Shree Balaji Traders Pvt Ltd',
        contact_person: 'Mahesh',
        email: ' Sales@Balaji.IN ',
        phone: '+91 98200 12345',
        address: 'Plot 12, MIDC, Pune',
        payment_details: 'HDFC 50100012345678, IFSC HDFC0000123',
        gstin: ' 27aapfu0939f1zv ',
      },
      supervisor.token,
    );
    expect(v).toMatchObject({
      site: siteId,
      name: 'Shree Balaji Traders',
      email: 'sales@balaji.in',
      gstin: GOOD_GSTIN,
      tags: [],
      files: [],
      total_billed: 0,
      total_paid: 0,
      outstanding: 0,
      credit_balance: 0,
    });
    const row = await server.ctx.db.kysely
      .selectFrom('vendors')
      .select(['gstin', 'created_by'])
      .where('id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ gstin: GOOD_GSTIN, created_by: supervisor.user.id });

    const minimal = await createVendor({ name: 'Cash vendor', gstin: '', email: '', phone: '' });
    expect(minimal).toMatchObject({ gstin: null, email: null, phone: null, company_name: null });

    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{}, 'name'],
      [{ name: 'X', gstin: '27AAPFU0939F1Z' }, 'gstin'], // 14 characters
      [{ name: 'X', gstin: '27AAPFU0939F0ZV' }, 'gstin'], // entity number 0
      [{ name: 'X', gstin: '27AAPFU0939F1XV' }, 'gstin'], // no Z
      [{ name: 'X', gstin: 'AAAPFU0939F1ZV7' }, 'gstin'],
      [{ name: 'X', gstin: '27AAPFU0939F1Z5' }, 'gstin'], // right shape, wrong check character
      [{ name: 'X', gstin: '00AAPFU0939F1ZV' }, 'gstin'], // no such state
      [{ name: 'X', email: 'not-an-email' }, 'email'],
      [{ name: 'X', tags: ['nope'] }, 'tags.0'],
    ] as const) {
      const res = await call<ErrorBody>(server.url, 'POST', url('/vendors'), {
        token: owner.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.data[field], JSON.stringify(res.body.data)).toBeDefined();
    }
    const hi = await call<ErrorBody>(server.url, 'POST', url('/vendors'), {
      token: owner.token,
      lang: 'hi',
      body: { name: 'X', gstin: 'bad' },
    });
    expect(hi.body.message).toBe('कृपया अपनी जानकारी जाँचें');
    const list = await call<Page<Vendor>>(server.url, 'GET', url('/vendors?q=X&perPage=500'), {
      token: owner.token,
    });
    expect(list.body.items.filter((x) => x.name === 'X')).toHaveLength(0);
  });

  it('PATCH changes only what is sent; GSTIN can be corrected or cleared; files cannot be written', async () => {
    const v = await createVendor({ name: 'Patch me', gstin: GOOD_GSTIN, phone: '111' });
    const res = await call<Vendor>(server.url, 'PATCH', url(`/vendors/${v.id}`), {
      token: supervisor.token,
      body: { phone: '222', files: ['evil.pdf'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Patch me',
      phone: '222',
      gstin: GOOD_GSTIN,
      files: [],
    });
    const bad = await call<ErrorBody>(server.url, 'PATCH', url(`/vendors/${v.id}`), {
      token: owner.token,
      body: { gstin: '29abcde1234f2z5x' },
    });
    expect(bad.status).toBe(400);
    const lower = await call<Vendor>(server.url, 'PATCH', url(`/vendors/${v.id}`), {
      token: owner.token,
      body: { gstin: '29abcde1234f2zv' },
    });
    expect(lower.body.gstin).toBe('29ABCDE1234F2ZV');
    const cleared = await call<Vendor>(server.url, 'PATCH', url(`/vendors/${v.id}`), {
      token: owner.token,
      body: { gstin: '', email: null },
    });
    expect(cleared.body).toMatchObject({ gstin: null, email: null, phone: '222' });
  });

  it('lists by name by default, searches name/company/contact/phone/GSTIN, filters by specialty, pages', async () => {
    const site = (await createSite(server.url, owner.token, { name: 'Vendor list site' })).id;
    const tag = (
      await call<{ id: string }>(server.url, 'POST', url('/tags', site), {
        token: owner.token,
        body: { name: 'Plumbing', type: 'specialty' },
      })
    ).body;
    await createVendor({ name: 'Zeta Steel', phone: '9820011111' }, owner.token, site);
    await createVendor(
      { name: 'Alpha Cement', company_name: 'UltraTech dealer' },
      owner.token,
      site,
    );
    await createVendor(
      { name: 'Beta Pipes', tags: [tag.id], gstin: GOOD_GSTIN },
      owner.token,
      site,
    );
    await createVendor({ name: 'Gamma Sand', contact_person: 'Raju Bhai' }, owner.token, site);
    const names = async (query: string) =>
      (
        await call<Page<Vendor>>(server.url, 'GET', url(`/vendors${query}`, site), {
          token: owner.token,
        })
      ).body.items.map((v) => v.name);
    const all = await names('');
    expect(all).toEqual(['Alpha Cement', 'Beta Pipes', 'Gamma Sand', 'Zeta Steel']);
    expect(await names('?q=ultratech')).toEqual(['Alpha Cement']);
    expect(await names('?q=raju')).toEqual(['Gamma Sand']);
    expect(await names('?q=98200')).toEqual(['Zeta Steel']);
    expect(await names('?q=aapfu')).toEqual(['Beta Pipes']);
    expect(await names(`?tag=${tag.id}`)).toEqual(['Beta Pipes']);
    expect(await names('?sort=-created')).toEqual([
      'Gamma Sand',
      'Beta Pipes',
      'Alpha Cement',
      'Zeta Steel',
    ]);
    const p2 = await call<Page<Vendor>>(server.url, 'GET', url('/vendors?perPage=3&page=2', site), {
      token: owner.token,
    });
    expect(p2.body).toMatchObject({ page: 2, perPage: 3, totalItems: 4, totalPages: 2 });
    expect(p2.body.items).toHaveLength(1);
    const expanded = await call<Page<Vendor>>(
      server.url,
      'GET',
      url(`/vendors?tag=${tag.id}&expand=tags`, site),
      { token: owner.token },
    );
    expect(expanded.body.items[0]!.expand?.tags?.map((t) => t.name)).toEqual(['Plumbing']);
    expect(
      (
        await call(server.url, 'GET', url('/vendors?sort=outstanding_x', site), {
          token: owner.token,
        })
      ).status,
    ).toBe(400);
  });

  it('specialty tags keep true usage counts; deleting the vendor releases them', async () => {
    const tag = (
      await call<{ id: string }>(server.url, 'POST', url('/tags'), {
        token: owner.token,
        body: { name: 'Electrical', type: 'specialty' },
      })
    ).body;
    const count = async () =>
      (
        await call<{ usage_count: number }>(server.url, 'GET', url(`/tags/${tag.id}`), {
          token: owner.token,
        })
      ).body.usage_count;
    const a = await createVendor({ name: 'Spark A', tags: [tag.id] });
    await createVendor({ name: 'Spark B', tags: [tag.id] });
    expect(await count()).toBe(2);
    await call(server.url, 'PATCH', url(`/vendors/${a.id}`), {
      token: owner.token,
      body: { tags: [] },
    });
    expect(await count()).toBe(1);
    await call(server.url, 'PATCH', url(`/vendors/${a.id}`), {
      token: owner.token,
      body: { tags: [tag.id] },
    });
    expect(await count()).toBe(2);
    expect(
      (await call(server.url, 'DELETE', url(`/vendors/${a.id}`), { token: owner.token })).status,
    ).toBe(204);
    expect(await count()).toBe(1);
    expect(
      (await call(server.url, 'GET', url(`/vendors/${a.id}`), { token: owner.token })).status,
    ).toBe(404);
  });

  it('permissions: accountant cannot create or update, supervisor cannot delete, strangers get ACCESS_DENIED', async () => {
    const v = await createVendor({ name: 'Perm vendor' });
    const create = await call(server.url, 'POST', url('/vendors'), {
      token: accountant.token,
      body: { name: 'No' },
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot create vendors',
    });
    const update = await call(server.url, 'PATCH', url(`/vendors/${v.id}`), {
      token: accountant.token,
      body: { name: 'No' },
    });
    expect(update.body).toMatchObject({ message: 'Permission denied: Cannot update vendors' });
    const del = await call(server.url, 'DELETE', url(`/vendors/${v.id}`), {
      token: supervisor.token,
    });
    expect(del.status).toBe(403);
    expect(del.body).toMatchObject({ message: 'Permission denied: Cannot delete vendors' });
    expect(
      (await call(server.url, 'GET', url(`/vendors/${v.id}`), { token: accountant.token })).status,
    ).toBe(200);
    const stranger = await call(server.url, 'GET', url('/vendors'), { token: otherOwner.token });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ code: 'ACCESS_DENIED' });
    const anonymous = await call(server.url, 'GET', url('/vendors'));
    expect(anonymous.status).toBe(401);
  });

  it("another site's vendor id answers 404, read or write, and nothing changes", async () => {
    const foreign = await createVendor({ name: 'Their vendor' }, otherOwner.token, otherSiteId);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(server.url, method, url(`/vendors/${foreign.id}`), {
        token: owner.token,
        body,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    const still = await call<Vendor>(
      server.url,
      'GET',
      url(`/vendors/${foreign.id}`, otherSiteId),
      { token: otherOwner.token },
    );
    expect(still.body.name).toBe('Their vendor');
  });

  it('computes total billed, total paid, outstanding and usable credit on get and list', async () => {
    const v = await createVendor({ name: 'Figures vendor' });
    const other = await createVendor({ name: 'Figures other' });
    const owing = await insertDelivery(v.id, 1_000_000); // owes 6,000 after the 4,000 below
    const overpaid = await insertDelivery(v.id, 50_050);
    await insertBooking(v.id, 200_000); // owes 2,000
    const paidUp = await insertBooking(v.id, 150_000, 'completed');
    await insertBooking(v.id, 99_900, 'cancelled'); // bills nothing
    await insertPayment(v.id, 400_000, [{ delivery: owing, amountPaise: 400_000 }]);
    // 600 paid against 500.50: the 99.50 over stays an advance; owes 0, never negative.
    await insertPayment(v.id, 60_000, [{ delivery: overpaid, amountPaise: 50_050 }]);
    await insertPayment(v.id, 150_000, [{ booking: paidUp, amountPaise: 150_000 }]); // paid up
    await insertPayment(v.id, 12_345); // an advance, not allocated
    const today = businessToday(server.ctx.config.timezone);
    await insertCreditNote(v.id, 30_000);
    await insertCreditNote(v.id, 20_000, { expiry: today }); // usable through today
    await insertCreditNote(v.id, 15_000, { expiry: shiftDay(today, -1) }); // expired
    await insertCreditNote(v.id, 0, { status: 'fully_used' });
    await insertCreditNote(v.id, 5_000, { status: 'fully_used' });
    await insertCreditNote(v.id, 7_000, { expiry: shiftDay(today, 30) });
    // Another vendor's records never count.
    await insertDelivery(other.id, 123_400);
    await insertPayment(other.id, 1_000);
    await insertCreditNote(other.id, 9_900);

    const expected = {
      total_billed: 10_000 + 500.5 + 2_000 + 1_500,
      total_paid: 4_000 + 600 + 1_500 + 123.45,
      outstanding: 6_000 + 2_000,
      credit_balance: 300 + 200 + 70,
    };
    const got = await call<Vendor>(server.url, 'GET', url(`/vendors/${v.id}`), {
      token: accountant.token,
    });
    expect(got.body).toMatchObject(expected);
    const listed = await call<Page<Vendor>>(server.url, 'GET', url('/vendors?q=Figures'), {
      token: accountant.token,
    });
    expect(listed.body.items.map((x) => x.name)).toEqual(['Figures other', 'Figures vendor']);
    expect(listed.body.items[1]).toMatchObject(expected);
    expect(listed.body.items[0]).toMatchObject({
      total_billed: 1_234,
      total_paid: 10,
      outstanding: 1_234,
      credit_balance: 99,
    });
  });

  it('refuses to delete a vendor that any record names (409 RECORD_IN_USE) and deletes an unused one', async () => {
    const cases: [string, (vendor: string) => Promise<unknown>][] = [
      ['delivery', (vendor) => insertDelivery(vendor, 100)],
      ['booking', (vendor) => insertBooking(vendor, 100)],
      ['cancelled booking', (vendor) => insertBooking(vendor, 100, 'cancelled')],
      ['payment', (vendor) => insertPayment(vendor, 100)],
      ['return', (vendor) => insertReturn(vendor)],
      ['credit note', (vendor) => insertCreditNote(vendor, 100)],
      [
        'quotation',
        async (vendor) => {
          const item = await call<{ id: string }>(server.url, 'POST', url('/items'), {
            token: owner.token,
            body: { name: `Quoted item ${vendor.slice(0, 4)}`, unit: 'kg' },
          });
          const q = await call(server.url, 'POST', url('/quotations'), {
            token: owner.token,
            body: { vendor, quotation_type: 'item', item: item.body.id, unit_price: 10 },
          });
          expect(q.status).toBe(201);
        },
      ],
    ];
    for (const [label, addUse] of cases) {
      const v = await createVendor({ name: `In use by ${label}` });
      await addUse(v.id);
      const del = await call<ErrorBody>(server.url, 'DELETE', url(`/vendors/${v.id}`), {
        token: owner.token,
      });
      expect(del.status, label).toBe(409);
      expect(del.body.code).toBe('RECORD_IN_USE');
      expect(
        (await call(server.url, 'GET', url(`/vendors/${v.id}`), { token: owner.token })).status,
      ).toBe(200);
    }
    const unused = await createVendor({ name: 'Unused vendor' });
    expect(
      (await call(server.url, 'DELETE', url(`/vendors/${unused.id}`), { token: owner.token }))
        .status,
    ).toBe(204);
  });
});
