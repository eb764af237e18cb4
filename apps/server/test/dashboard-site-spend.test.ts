/**
 * The dashboard's site spend by kind (issue 46) over HTTP on a real server and database: a
 * delivery, a booking with GST, an RA bill with GST (and its retention released, no new cost),
 * an approved wage sheet (a draft one not counted), approved petty expenses (a pending one not
 * counted), with a delivery and a petty expense dated last month — each kind to the paisa, to
 * date and this month, beside total_expenses, which stays deliveries and bookings only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

interface Spend {
  materials_and_services: number;
  subcontract: number;
  labour: number;
  petty_cash: number;
  total: number;
}
interface Dashboard {
  total_expenses: number;
  current_month_expenses: number;
  petty_spent_month: number;
  site_spend: Spend;
  site_spend_month: Spend;
}

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let siteId: string;
let otherSiteId: string;

const GSTIN = '27AAPFU0939F1ZV';

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function ok<T>(
  method: string,
  path: string,
  body?: unknown,
  who: Registered = owner,
  site = siteId,
): Promise<T> {
  const res = await call<T>(server.url, method, `/api/sites/${site}${path}`, {
    token: who.token,
    body,
  });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

let today: string;
let lastMonth: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  today = businessToday(server.ctx.config.timezone);
  // The last day of the previous month: counted to date, never this month.
  lastMonth = addDays(`${today.slice(0, 7)}-01`, -1);
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { state_code: '27' })).id;
  otherSiteId = (await createSite(server.url, owner.token, { name: 'Other' })).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');

  const vendor = (
    await ok<{ id: string }>('POST', '/vendors', { name: 'Shree Traders', gstin: GSTIN })
  ).id;
  const item = (await ok<{ id: string }>('POST', '/items', { name: 'Cement', unit: 'bag' })).id;
  const deliver = (date: string, quantity: number, unit_price: number) =>
    ok<{ total_amount: number }>('POST', '/deliveries', {
      vendor,
      delivery_date: date,
      delivery_items: [{ item, quantity, unit_price }],
    });
  // Deliveries: ₹2,000.20 today, ₹700.25 last month.
  expect((await deliver(today, 2, 1000.1)).total_amount).toBe(2000.2);
  expect((await deliver(lastMonth, 1, 700.25)).total_amount).toBe(700.25);

  // A booking: 2 days at ₹750 with 18 % GST = ₹1,500 + ₹135 + ₹135 = ₹1,770.
  const crane = await ok<{ id: string }>('POST', '/services', {
    name: 'Crane hire',
    category: 'equipment',
    unit: 'day',
    standard_rate: 750,
  });
  const booking = await ok<{
    total_amount: number;
    cgst_amount: number;
    sgst_amount: number;
    igst_amount: number;
  }>('POST', '/service_bookings', {
    service: crane.id,
    vendor,
    start_date: today,
    duration: 2,
    unit_rate: 750,
    gst_rate: 18,
  });
  expect(booking).toMatchObject({
    total_amount: 1500,
    cgst_amount: 135,
    sgst_amount: 135,
    igst_amount: 0,
  });

  // An RA bill: 30 of 100 sqm at ₹100.50 = ₹3,015 gross, 18 % GST ₹542.70: ₹3,557.70; 5 %
  // retention held and released, which is no new cost.
  const draft = await ok<{ id: string }>('POST', '/work_orders', {
    vendor,
    title: 'Plastering',
    gst_rate: 18,
    retention_percent: 5,
    retention_due_days: 0,
    lines: [{ description: 'Plaster', unit: 'sqm', quantity: 100, rate: 100.5 }],
  });
  const order = await ok<{ id: string; lines: { id: string }[] }>(
    'POST',
    `/work_orders/${draft.id}/issue`,
  );
  const bill = await ok<{
    gross_amount: number;
    cgst_amount: number;
    sgst_amount: number;
    igst_amount: number;
  }>('POST', '/ra_bills', {
    work_order: order.id,
    bill_date: today,
    final: true,
    lines: [{ work_order_line: order.lines[0]!.id, cumulative_quantity: 30 }],
  });
  expect(bill).toMatchObject({
    gross_amount: 3015,
    cgst_amount: 271.35,
    sgst_amount: 271.35,
    igst_amount: 0,
  });
  await ok('POST', `/work_orders/${order.id}/release_retention`, { release_date: today });

  // Labour: yesterday's sheet stays a draft (not spend); today's is approved: a day at ₹800
  // with an hour's overtime at 2× (₹200) and half a day at ₹650.50 (₹325.25) = ₹1,325.25.
  const worker = (name: string, daily_wage: number) =>
    ok<{ id: string }>('POST', '/workers', { name, trade: 'Helper', daily_wage });
  const mason = await worker('Mason', 800);
  const helper = await worker('Helper', 650.5);
  const yesterday = addDays(today, -1);
  await ok('POST', '/attendance', {
    date: yesterday,
    entries: [{ worker: mason.id, fraction: 1 }],
  });
  const drafted = await ok<{ status: string; gross: number }>('POST', '/wage_sheets', {
    from: yesterday,
    to: yesterday,
  });
  expect(drafted).toMatchObject({ status: 'draft', gross: 800 });
  await ok('POST', '/attendance', {
    date: today,
    entries: [
      { worker: mason.id, fraction: 1, ot_hours: 1 },
      { worker: helper.id, fraction: 0.5 },
    ],
  });
  const sheet = await ok<{ id: string; gross: number }>('POST', '/wage_sheets', {
    from: today,
    to: today,
  });
  expect(sheet.gross).toBe(1325.25);
  expect((await ok<{ status: string }>('POST', `/wage_sheets/${sheet.id}/approve`)).status).toBe(
    'approved',
  );

  // Petty cash: ₹1,234.56 today and ₹500.25 last month approved as entered; ₹2,500 pending.
  const account = (
    await ok<{ id: string }>('POST', '/accounts', {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 1_00_000,
    })
  ).id;
  const imprest = await ok<{ id: string }>('POST', '/imprests', {
    holder: supervisor.user.id,
    amount: 20_000,
    issued_date: addDays(lastMonth, -3),
    account,
  });
  const spend = (expense_date: string, amount: number) =>
    ok<{ status: string }>(
      'POST',
      '/petty_expenses',
      { imprest: imprest.id, expense_date, amount, description: 'Site expense' },
      supervisor,
    );
  expect((await spend(today, 1234.56)).status).toBe('approved');
  expect((await spend(lastMonth, 500.25)).status).toBe('approved');
  expect((await spend(today, 2500)).status).toBe('pending');

  // Another site's spend never shows here.
  const otherVendor = (
    await ok<{ id: string }>('POST', '/vendors', { name: 'Other' }, owner, otherSiteId)
  ).id;
  const otherItem = (
    await ok<{ id: string }>('POST', '/items', { name: 'Sand', unit: 'cft' }, owner, otherSiteId)
  ).id;
  await ok(
    'POST',
    '/deliveries',
    {
      vendor: otherVendor,
      delivery_date: today,
      delivery_items: [{ item: otherItem, quantity: 1, unit_price: 99_999 }],
    },
    owner,
    otherSiteId,
  );
});

afterAll(async () => {
  if (server) {
    const violations = await checkIntegrity(server.ctx.db.kysely);
    expect(violations, formatViolations(violations)).toEqual([]);
    await server.close();
  }
});

describe('dashboard site spend', () => {
  it('adds up each kind to the paisa, to date and this month', async () => {
    const d = await ok<Dashboard>('GET', '/dashboard');
    // Deliveries 2,000.20 + 700.25 and the booking 1,770: total_expenses unchanged by the rest.
    expect(d.total_expenses).toBe(4470.45);
    expect(d.current_month_expenses).toBe(3770.2);
    expect(d.site_spend).toEqual({
      materials_and_services: 4470.45,
      subcontract: 3557.7,
      labour: 1325.25,
      // 1,234.56 + 500.25; the pending 2,500 is not spend.
      petty_cash: 1734.81,
      total: 11088.21,
    });
    // Last month's delivery and petty expense are out.
    expect(d.site_spend_month).toEqual({
      materials_and_services: 3770.2,
      subcontract: 3557.7,
      labour: 1325.25,
      petty_cash: 1234.56,
      total: 9887.71,
    });
    expect(d.site_spend_month.petty_cash).toBe(d.petty_spent_month);
  });

  it('shows to a supervisor too, and counts a pending expense once approved', async () => {
    const seen = await ok<Dashboard>('GET', '/dashboard', undefined, supervisor);
    expect(seen.site_spend.total).toBe(11088.21);
    const pending = await ok<{ items: { id: string; status: string }[] }>('GET', '/petty_expenses');
    const [wait] = pending.items.filter((e) => e.status === 'pending');
    await ok('POST', `/petty_expenses/${wait!.id}/approve`);
    const after = await ok<Dashboard>('GET', '/dashboard');
    expect(after.site_spend.petty_cash).toBe(4234.81);
    expect(after.site_spend.total).toBe(13588.21);
    expect(after.site_spend_month.petty_cash).toBe(3734.56);
    expect(after.site_spend_month.total).toBe(12387.71);
  });

  it('is nothing on a site without records but its one delivery', async () => {
    const d = await ok<Dashboard>('GET', '/dashboard', undefined, owner, otherSiteId);
    expect(d.site_spend).toEqual({
      materials_and_services: 99_999,
      subcontract: 0,
      labour: 0,
      petty_cash: 0,
      total: 99_999,
    });
  });
});
