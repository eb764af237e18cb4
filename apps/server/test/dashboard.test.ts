import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import {
  insertBooking,
  insertDelivery,
  insertPayment,
  insertService,
  insertVendor,
  type Allocation,
} from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * A seeded site whose figures are worked out by hand below. Records are written straight into the
 * database relative to today in Asia/Kolkata (the default TIMEZONE), around the month boundary:
 * the 1st of this month counts as this month, the last day of the previous month does not.
 */
let server: TestServer;
let owner: Registered;
let accountant: Registered;
let outsider: Registered;
let siteId: string;
let otherSiteId: string;

interface Dashboard {
  total_expenses: number;
  current_month_expenses: number;
  expense_per_sqft: number;
  outstanding_amount: number;
  payments_last_7_days: number;
  total_paid: number;
  as_of: string;
  monthly: { month: string; deliveries: number; service_bookings: number; total: number }[];
}

const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}
function monthStartOf(date: string, monthsBack = 0): string {
  const d = utc(date);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1)));
}

const today = todayIn('Asia/Kolkata');
const monthStart = monthStartOf(today);
const lastDayPrevMonth = addDays(monthStart, -1);
const nextMonthStart = iso(
  new Date(Date.UTC(utc(today).getUTCFullYear(), utc(today).getUTCMonth() + 1, 1)),
);

/** A vendor's bills and payments on a site, written straight into the tables (consistently). */
async function seed(site: string) {
  const vendor = await insertVendor(server, site, 'Seed Vendor');
  const service = await insertService(server, site, { name: 'Mason' });
  const delivery = async (date: string, totalPaise: number) =>
    (
      await insertDelivery(server, site, {
        vendor,
        date,
        itemsTotalPaise: totalPaise,
        reference: null,
      })
    ).delivery;
  const booking = (
    date: string,
    totalPaise: number,
    status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled',
  ) => insertBooking(server, site, { vendor, service, start: date, totalPaise, status });
  /** A payment, allocated to bills as given (what is left is an advance). */
  const payment = async (date: string, amountPaise: number, allocations: Allocation[] = []) =>
    insertPayment(server, site, { vendor, amountPaise, date, allocations });
  return { delivery, booking, payment };
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  accountant = await registerUser(server.url);
  outsider = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { total_planned_area: 1234 })).id;
  await addMember(server, siteId, accountant.user.id, 'accountant');
  otherSiteId = (await createSite(server.url, owner.token, { name: 'Other' })).id;

  const { delivery, booking, payment } = await seed(siteId);
  const d1 = await delivery(today, 100_000); // ₹1,000.00, ₹400 paid below: ₹600 due
  const d2 = await delivery(monthStart, 250_050); // ₹2,500.50, overpaid below: due 0, not negative
  await delivery(lastDayPrevMonth, 70_025); // ₹700.25, previous month, all due
  await delivery(addDays(monthStart, -400), 10_000); // ₹100, outside the 12-month chart
  const b1 = await booking(today, 120_000, 'in_progress'); // ₹1,200, ₹200 paid below: ₹1,000 due
  await booking(lastDayPrevMonth, 30_000, 'cancelled'); // never counts
  const b3 = await booking(monthStart, 45_075, 'completed'); // ₹450.75, paid below
  await booking(nextMonthStart, 5_000, 'scheduled'); // ₹50 next month: total only
  // What the bills above have paid comes from these payments' allocations.
  await payment(today, 50_000, [
    { delivery: d1, amountPaise: 40_000 },
    { booking: b1, amountPaise: 10_000 },
  ]); // ₹500
  await payment(addDays(today, -6), 25_050, [
    { booking: b1, amountPaise: 10_000 },
    { booking: b3, amountPaise: 15_050 },
  ]); // ₹250.50, first day of the 7
  // ₹1,000, just outside.
  await payment(addDays(today, -7), 100_000, [{ booking: b3, amountPaise: 30_025 }]);
  await payment(addDays(today, 1), 1_000); // ₹10 dated tomorrow: total only
  // ₹3,000 against the ₹2,500.50 delivery: the ₹499.50 over stays an advance.
  await payment(addDays(today, -30), 300_000, [{ delivery: d2, amountPaise: 250_050 }]);

  // Another site's money never shows here.
  const other = await seed(otherSiteId);
  await other.delivery(today, 9_999_900);
  await other.payment(today, 9_999_900);
});
afterAll(async () => {
  await server?.close();
});

describe('dashboard', () => {
  it('shows the hand-checked figures of the seeded site', async () => {
    const res = await call<Dashboard>(server.url, 'GET', `/api/sites/${siteId}/dashboard`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.as_of).toBe(today);
    // Deliveries 1000 + 2500.50 + 700.25 + 100; bookings (not cancelled) 1200 + 450.75 + 50.
    expect(d.total_expenses).toBe(6001.5);
    // This month: 1000 + 2500.50 (the 1st) + 1200 + 450.75; the last day of last month is out.
    expect(d.current_month_expenses).toBe(5151.25);
    // 600150 paise / 1234 sqft = 486.35… → 486 paise.
    expect(d.expense_per_sqft).toBe(4.86);
    // 600 + 0 + 700.25 + 100 + 1000 + 0 + 50; the cancelled booking's 300 is not owed.
    expect(d.outstanding_amount).toBe(2450.25);
    expect(d.payments_last_7_days).toBe(750.5);
    // Every payment, whatever its date: 500 + 250.50 + 1000 + 10 + the 3000 of the overpaid
    // delivery.
    expect(d.total_paid).toBe(4760.5);

    expect(d.monthly).toHaveLength(12);
    expect(d.monthly.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => monthStartOf(today, 11 - i).slice(0, 7)),
    );
    expect(d.monthly[11]).toEqual({
      month: today.slice(0, 7),
      deliveries: 3500.5,
      service_bookings: 1650.75,
      total: 5151.25,
    });
    expect(d.monthly[10]).toEqual({
      month: lastDayPrevMonth.slice(0, 7),
      deliveries: 700.25,
      service_bookings: 0,
      total: 700.25,
    });
    expect(d.monthly.slice(0, 10).every((m) => m.total === 0)).toBe(true);
  });

  it('is zero for an empty site and readable by every member, not by strangers', async () => {
    const empty = (await createSite(server.url, owner.token, { name: 'Empty' })).id;
    const res = await call<Dashboard>(server.url, 'GET', `/api/sites/${empty}/dashboard`, {
      token: owner.token,
    });
    expect(res.body).toMatchObject({
      total_expenses: 0,
      current_month_expenses: 0,
      expense_per_sqft: 0,
      outstanding_amount: 0,
      payments_last_7_days: 0,
      total_paid: 0,
    });
    const byAccountant = await call<Dashboard>(
      server.url,
      'GET',
      `/api/sites/${siteId}/dashboard`,
      {
        token: accountant.token,
      },
    );
    expect(byAccountant.body.total_paid).toBe(4760.5);
    const stranger = await call<{ code: string }>(
      server.url,
      'GET',
      `/api/sites/${siteId}/dashboard`,
      { token: outsider.token },
    );
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('ACCESS_DENIED');
    const anonymous = await call(server.url, 'GET', `/api/sites/${siteId}/dashboard`);
    expect(anonymous.status).toBe(401);
  });

  it('reckons today in the configured TIMEZONE', async () => {
    // UTC+14: its date is ahead of (or equal to) every other zone's.
    const far = await startServer({ DEFAULT_PLAN: 'Basic', TIMEZONE: 'Pacific/Kiritimati' });
    try {
      const user = await registerUser(far.url);
      const site = (await createSite(far.url, user.token)).id;
      const res = await call<Dashboard>(far.url, 'GET', `/api/sites/${site}/dashboard`, {
        token: user.token,
      });
      expect(res.body.as_of).toBe(todayIn('Pacific/Kiritimati'));
      expect(res.body.monthly[11]!.month).toBe(todayIn('Pacific/Kiritimati').slice(0, 7));
    } finally {
      await far.close();
    }
  });
});

describe('dashboard between changes', () => {
  // The server keeps each site's last dashboard until the site changes (modules/dashboard/memo):
  // every kind of write through the API must show on the very next read.
  it('shows each write on the next read', async () => {
    const me = await registerUser(server.url);
    const site = (await createSite(server.url, me.token, { name: 'Memo' })).id;
    const base = `/api/sites/${site}`;
    const read = async () =>
      (await call<Dashboard>(server.url, 'GET', `${base}/dashboard`, { token: me.token })).body;
    const post = async <T>(path: string, body: unknown) => {
      const res = await call<T>(server.url, 'POST', `${base}${path}`, { token: me.token, body });
      expect(res.status).toBe(201);
      return res.body;
    };
    expect((await read()).total_expenses).toBe(0);
    expect((await read()).total_expenses).toBe(0); // the kept answer

    const vendor = await post<{ id: string }>('/vendors', { name: 'Memo Vendor' });
    const item = await post<{ id: string }>('/items', { name: 'Cement', unit: 'bag' });
    const line = { item: item.id, quantity: 10, unit_price: 100 };
    const first = await post<{ id: string }>('/deliveries', {
      vendor: vendor.id,
      delivery_date: today,
      delivery_items: [line],
    });
    expect(await read()).toMatchObject({ total_expenses: 1000, outstanding_amount: 1000 });
    const second = await post<{ id: string }>('/deliveries', {
      vendor: vendor.id,
      delivery_date: today,
      delivery_items: [{ ...line, quantity: 5 }],
    });
    expect((await read()).total_expenses).toBe(1500);

    const edited = await call(server.url, 'PATCH', `${base}/deliveries/${second.id}`, {
      token: me.token,
      body: { tax_amount: 50 },
    });
    expect(edited.status).toBe(200);
    expect((await read()).total_expenses).toBe(1550);

    const account = (
      await post<{ id: string }>('/accounts', { name: 'Cash', type: 'cash', opening_balance: 5000 })
    ).id;
    await post('/payments', {
      vendor: vendor.id,
      account,
      amount: 400,
      payment_date: today,
      delivery_allocations: [{ delivery: first.id, amount: 400 }],
    });
    expect(await read()).toMatchObject({
      total_paid: 400,
      payments_last_7_days: 400,
      outstanding_amount: 1150,
    });

    const removed = await call(server.url, 'DELETE', `${base}/deliveries/${second.id}`, {
      token: me.token,
    });
    expect(removed.status).toBe(204);
    expect((await read()).total_expenses).toBe(1000);

    // Line edits through /api/batch (not a site route) count too.
    const batch = await call(server.url, 'POST', '/api/batch', {
      token: me.token,
      body: {
        requests: [
          {
            method: 'POST',
            url: `${base}/delivery_items`,
            body: { delivery: first.id, item: item.id, quantity: 1, unit_price: 100 },
          },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect((await read()).total_expenses).toBe(1100);

    const area = await call(server.url, 'PATCH', `/api/sites/${site}`, {
      token: me.token,
      body: { total_planned_area: 100 },
    });
    expect(area.status).toBe(200);
    expect((await read()).expense_per_sqft).toBe(11);

    // A refused write changes nothing, and the figures stay right after it.
    const refused = await call(server.url, 'POST', `${base}/deliveries`, {
      token: me.token,
      body: { vendor: vendor.id, delivery_date: today, delivery_items: [] },
    });
    expect(refused.status).toBe(400);
    expect((await read()).total_expenses).toBe(1100);
  });
});
