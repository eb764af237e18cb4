/**
 * Labour (issue 44, API.md "Labour") over HTTP on a real server and database: a week's muster of
 * thirteen people (76.5 man-days, gross ₹56,850 with overtime at 2×, an advance of ₹1,000, net
 * ₹55,850), the week locked by its sheet, a second site's mark refused (ATTENDANCE_OVER_ONE_DAY),
 * a worker lent to another site of the same owner, a sheet across a month boundary, a muster
 * replayed with its Idempotency-Key (counted once), two sites marking one person at once (one
 * wins), paying a sheet from an account, and the integrity check clean.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
let account: string;

interface Worker {
  id: string;
  name: string;
  advance_balance: number;
}
interface Line {
  worker: string;
  name: string;
  man_days: number;
  ot_hours: number;
  wages: number;
  ot_amount: number;
  gross: number;
  advances: number;
  net: number;
}
interface Sheet {
  id: string;
  number: string;
  status: string;
  man_days: number;
  wages: number;
  ot_amount: number;
  gross: number;
  advances: number;
  net: number;
  paid_amount: number;
  lines: Line[];
  totals: { man_days: number; gross: number; advances: number; net: number };
}
interface Mark {
  worker: string;
  date: string;
  fraction: number;
  man_days: number;
}
interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}

const at = (site: string, p: string) => `/api/sites/${site}${p}`;

async function ok<T>(
  method: string,
  p: string,
  body?: unknown,
  token = owner.token,
  site = siteId,
) {
  const res = await call<T>(server.url, method, at(site, p), { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  account = (
    await ok<{ id: string }>('POST', '/accounts', {
      name: 'Site cash',
      type: 'cash',
      opening_balance: 2_00_000,
    })
  ).id;
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

const WEEK = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'];

async function worker(name: string, trade: string, daily_wage: number, site = siteId) {
  return ok<Worker>('POST', '/workers', { name, trade, daily_wage }, owner.token, site);
}

/**
 * Thirteen people, Monday to Saturday: four masons at ₹900, eight helpers at ₹650 and a bar
 * bender at ₹800 (78 man-days, ₹57,600) less a mason's Wednesday and a helper's half Friday
 * (76.5, ₹56,375), plus an hour of a mason's overtime (₹225) and 1¼ of the bar bender's (₹250).
 */
async function markTheWeek() {
  const masons: Worker[] = [];
  for (let i = 1; i <= 4; i += 1) masons.push(await worker(`Mason ${i}`, 'Mason', 900));
  const helpers: Worker[] = [];
  for (let i = 1; i <= 8; i += 1) helpers.push(await worker(`Helper ${i}`, 'Helper', 650));
  const bender = await worker('Bar bender', 'Bar bender', 800);
  const everyone = [...masons, ...helpers, bender];
  for (const date of WEEK) {
    const entries = everyone.map((w) => {
      let fraction = 1;
      let ot_hours = 0;
      if (w.id === masons[0]!.id && date === '2026-11-04') fraction = 0;
      if (w.id === helpers[0]!.id && date === '2026-11-06') fraction = 0.5;
      if (w.id === masons[1]!.id && date === '2026-11-05') ot_hours = 1;
      if (w.id === bender.id && date === '2026-11-07') ot_hours = 1.25;
      return { worker: w.id, fraction, ot_hours };
    });
    const marked = await ok<{ items: Mark[] }>('POST', '/attendance', { date, entries });
    expect(marked.items).toHaveLength(13);
  }
  return { masons, helpers, bender };
}

describe('the week of API.md', () => {
  it('comes to 76.5 man-days, gross 56,850 and net 55,850 after a 1,000 advance', async () => {
    const { masons } = await markTheWeek();
    await ok('POST', '/worker_advances', {
      worker: masons[2]!.id,
      amount: 1_000,
      advance_date: '2026-11-03',
      account,
    });
    expect((await ok<Worker>('GET', `/workers/${masons[2]!.id}`)).advance_balance).toBe(1_000);
    const sheet = await ok<Sheet>('POST', '/wage_sheets', { from: WEEK[0], to: '2026-11-08' });
    expect(sheet).toMatchObject({
      number: 'WS-1',
      status: 'draft',
      man_days: 76.5,
      wages: 56_375,
      ot_amount: 475,
      gross: 56_850,
      advances: 1_000,
      net: 55_850,
    });
    expect(sheet.totals).toMatchObject({ man_days: 76.5, gross: 56_850, net: 55_850 });
    expect(sheet.lines).toHaveLength(13);
    const absent = sheet.lines.find((l) => l.worker === masons[0]!.id)!;
    expect(absent).toMatchObject({ man_days: 5, wages: 4_500, gross: 4_500, net: 4_500 });
    const overtime = sheet.lines.find((l) => l.worker === masons[1]!.id)!;
    expect(overtime).toMatchObject({ ot_hours: 1, ot_amount: 225, gross: 5_625 });
    const advanced = sheet.lines.find((l) => l.worker === masons[2]!.id)!;
    expect(advanced).toMatchObject({ gross: 5_400, advances: 1_000, net: 4_400 });
    expect((await ok<Worker>('GET', `/workers/${masons[2]!.id}`)).advance_balance).toBe(0);

    // The week is locked while its sheet exists: a mark changed inside it is refused.
    const locked = await call<ErrorBody>(server.url, 'POST', at(siteId, '/attendance'), {
      token: owner.token,
      body: { date: '2026-11-04', entries: [{ worker: masons[0]!.id, fraction: 1 }] },
    });
    expect(locked.status, JSON.stringify(locked.body)).toBe(409);
    expect(locked.body.code).toBe('WAGE_SHEET_LOCKED');
    expect(locked.body.data).toMatchObject({ worker: masons[0]!.id, date: '2026-11-04' });

    // The owner pays it: one debit of the net, the sheet paid.
    const paid = await ok<Sheet>('POST', `/wage_sheets/${sheet.id}/pay`, {
      account,
      payment_date: '2026-11-09',
    });
    expect(paid).toMatchObject({ status: 'paid', paid_amount: 55_850 });
    const cash = await ok<{ current_balance: number }>('GET', `/accounts/${account}`);
    expect(cash.current_balance).toBe(2_00_000 - 1_000 - 55_850);
    const again = await call<ErrorBody>(
      server.url,
      'POST',
      at(siteId, `/wage_sheets/${sheet.id}/pay`),
      { token: owner.token, body: { account, payment_date: '2026-11-09' } },
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('WAGE_SHEET_PAID');
    const gone = await call<ErrorBody>(
      server.url,
      'DELETE',
      at(siteId, `/wage_sheets/${sheet.id}`),
      {
        token: owner.token,
      },
    );
    expect(gone.status).toBe(409);
    // A second sheet over the same week has nothing left to pay.
    const nothing = await call<ErrorBody>(server.url, 'POST', at(siteId, '/wage_sheets'), {
      token: owner.token,
      body: { from: WEEK[0], to: '2026-11-08' },
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.code).toBe('NOTHING_TO_PAY');
  });

  it("refuses a second site's mark past one day, and writes nothing", async () => {
    const ravi = await worker('Ravi', 'Mason', 900);
    const second = (await createSite(server.url, owner.token, { name: 'Tower B' })).id;
    await ok('POST', '/attendance', {
      date: '2026-11-10',
      entries: [{ worker: ravi.id, fraction: 0.75 }],
    });
    const other = await worker('Shyam', 'Helper', 650, second);
    const res = await call<ErrorBody>(server.url, 'POST', at(second, '/attendance'), {
      token: owner.token,
      body: {
        date: '2026-11-10',
        entries: [
          { worker: other.id, fraction: 1 },
          { worker: ravi.id, fraction: 0.5 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.code).toBe('ATTENDANCE_OVER_ONE_DAY');
    expect(res.body.data).toMatchObject({
      worker: ravi.id,
      date: '2026-11-10',
      marked: [{ site: siteId, fraction: 0.75 }],
    });
    const written = await ok<{ items: Mark[] }>(
      'GET',
      '/attendance?date=2026-11-10',
      undefined,
      owner.token,
      second,
    );
    expect(written.items).toEqual([]);
    // A quarter fits: he is lent to Tower B for the last quarter of the day.
    const lent = await ok<{ items: Mark[] }>(
      'POST',
      '/attendance',
      { date: '2026-11-10', entries: [{ worker: ravi.id, fraction: 0.25 }] },
      owner.token,
      second,
    );
    expect(lent.items).toMatchObject([{ worker: ravi.id, fraction: 0.25 }]);
  });
});

describe('lent workers', () => {
  it('are marked and paid on the site they worked on, at their own wage', async () => {
    const second = (await createSite(server.url, owner.token, { name: 'Tower B' })).id;
    const lentOut = await worker('Imran', 'Carpenter', 1_000);
    const lendable = await ok<{ items: { id: string; site: string }[] }>(
      'GET',
      '/workers/lendable',
      undefined,
      owner.token,
      second,
    );
    expect(lendable.items).toContainEqual(
      expect.objectContaining({ id: lentOut.id, site: siteId }),
    );
    await ok(
      'POST',
      '/attendance',
      { date: '2026-11-12', entries: [{ worker: lentOut.id, fraction: 1, ot_hours: 2 }] },
      owner.token,
      second,
    );
    const roll = await ok<{ rows: { worker: string; fraction: number | null }[] }>(
      'GET',
      '/attendance/muster?date=2026-11-12',
      undefined,
      owner.token,
      second,
    );
    expect(roll.rows).toContainEqual(expect.objectContaining({ worker: lentOut.id, fraction: 1 }));
    const sheet = await ok<Sheet>(
      'POST',
      '/wage_sheets',
      { from: '2026-11-09', to: '2026-11-15' },
      owner.token,
      second,
    );
    // ₹1,000 + 2 h × ₹1,000 ÷ 8 × 2 = ₹1,500.
    expect(sheet).toMatchObject({ man_days: 1, gross: 1_500, net: 1_500 });
    // The home site has nothing of his to pay that week.
    const home = await call<ErrorBody>(server.url, 'POST', at(siteId, '/wage_sheets'), {
      token: owner.token,
      body: { from: '2026-11-09', to: '2026-11-15' },
    });
    expect(home.body.code).toBe('NOTHING_TO_PAY');
  });

  it('cannot be marked by someone who may not create records on their site', async () => {
    const lentOut = await worker('Imran', 'Carpenter', 1_000);
    const stranger = await registerUser(server.url);
    const theirs = (await createSite(server.url, stranger.token)).id;
    const res = await call<ErrorBody>(server.url, 'POST', at(theirs, '/attendance'), {
      token: stranger.token,
      body: { date: '2026-11-12', entries: [{ worker: lentOut.id, fraction: 1 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('wage sheets', () => {
  it('cover a period across a month boundary, and free the marks when deleted', async () => {
    const asha = await worker('Asha', 'Helper', 650);
    for (const date of ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']) {
      await ok('POST', '/attendance', { date, entries: [{ worker: asha.id, fraction: 0.5 }] });
    }
    const sheet = await ok<Sheet>('POST', '/wage_sheets', { from: '2026-10-27', to: '2026-11-02' });
    expect(sheet).toMatchObject({ man_days: 2, gross: 1_300 });
    await ok('DELETE', `/wage_sheets/${sheet.id}`);
    await ok('POST', '/attendance', {
      date: '2026-10-31',
      entries: [{ worker: asha.id, fraction: 1 }],
    });
    const october = await ok<Sheet>('POST', '/wage_sheets', {
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(october).toMatchObject({ number: 'WS-1', man_days: 1.5, gross: 975 });
  });

  it('are paid by an accountant only once an owner approved them', async () => {
    const asha = await worker('Asha', 'Helper', 650);
    await ok('POST', '/attendance', {
      date: '2026-11-16',
      entries: [{ worker: asha.id, fraction: 1 }],
    });
    const sheet = await ok<Sheet>('POST', '/wage_sheets', { from: '2026-11-16', to: '2026-11-22' });
    const accountant = await registerUser(server.url);
    await addMember(server, siteId, accountant.user.id, 'accountant');
    const pay = { account, payment_date: '2026-11-23' };
    const early = await call<ErrorBody>(
      server.url,
      'POST',
      at(siteId, `/wage_sheets/${sheet.id}/pay`),
      {
        token: accountant.token,
        body: pay,
      },
    );
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('WAGE_SHEET_PAID');
    const approve = await call<ErrorBody>(
      server.url,
      'POST',
      at(siteId, `/wage_sheets/${sheet.id}/approve`),
      { token: accountant.token },
    );
    expect(approve.status).toBe(403);
    await ok('POST', `/wage_sheets/${sheet.id}/approve`);
    const paid = await ok<Sheet>('POST', `/wage_sheets/${sheet.id}/pay`, pay, accountant.token);
    expect(paid.status).toBe('paid');
    // A supervisor marks and reads the sheets, but does not pay them.
    const supervisor = await registerUser(server.url);
    await addMember(server, siteId, supervisor.user.id, 'supervisor');
    await ok('POST', '/attendance', {
      date: '2026-11-25',
      entries: [{ worker: asha.id, fraction: 1 }],
    });
    const next = await ok<Sheet>('POST', '/wage_sheets', { from: '2026-11-23', to: '2026-11-29' });
    const refused = await call<ErrorBody>(
      server.url,
      'POST',
      at(siteId, `/wage_sheets/${next.id}/pay`),
      { token: supervisor.token, body: pay },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PERMISSION_DENIED');
    await ok(
      'POST',
      '/attendance',
      { date: '2026-11-30', entries: [{ worker: asha.id, fraction: 1 }] },
      supervisor.token,
    );
  });
});

describe('the offline muster', () => {
  it('replayed twice with its Idempotency-Key counts once, even after a later correction', async () => {
    const asha = await worker('Asha', 'Helper', 650);
    const body = { date: '2026-11-18', entries: [{ worker: asha.id, fraction: 1, ot_hours: 2 }] };
    const headers = { 'idempotency-key': 'muster-2026-11-18-phone-1' };
    const first = await call<{ items: Mark[] }>(server.url, 'POST', at(siteId, '/attendance'), {
      token: owner.token,
      body,
      headers,
    });
    expect(first.status).toBe(200);
    // Corrected online to a half day; then the phone's queue sends its muster again.
    await ok('POST', '/attendance', {
      date: '2026-11-18',
      entries: [{ worker: asha.id, fraction: 0.5 }],
    });
    const replay = await call<{ items: Mark[] }>(server.url, 'POST', at(siteId, '/attendance'), {
      token: owner.token,
      body,
      headers,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.items).toMatchObject([{ worker: asha.id, fraction: 0.5 }]);
    const list = await ok<{ items: Mark[] }>('GET', `/attendance?worker=${asha.id}`);
    expect(list.items).toHaveLength(1);
  });
});

describe('two sites marking one person at once', () => {
  it('lets one win: his day never passes one', async () => {
    const second = (await createSite(server.url, owner.token, { name: 'Tower B' })).id;
    for (let round = 0; round < 4; round += 1) {
      const person = await worker(`Kumar ${round}`, 'Mason', 900);
      const date = `2026-11-2${round}`;
      const mark = (site: string) =>
        call<ErrorBody>(server.url, 'POST', at(site, '/attendance'), {
          token: owner.token,
          body: { date, entries: [{ worker: person.id, fraction: 0.75 }] },
        });
      const results = await Promise.all([mark(siteId), mark(second)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const total = await server.ctx.db.kysely
        .selectFrom('attendance')
        .select(['fraction'])
        .where('worker', '=', person.id)
        .where('date', '=', date)
        .execute();
      expect(total.reduce((sum, r) => sum + Number(r.fraction), 0)).toBe(750);
    }
  });
});

describe('the dashboard', () => {
  it("shows today's people, this month's labour cost and what wage sheets still owe", async () => {
    const today = businessToday(server.ctx.config.timezone);
    const asha = await worker('Asha', 'Helper', 650);
    const gang = await ok<Worker>('POST', '/workers', {
      name: 'Sri Ram gang',
      trade: 'Helper',
      daily_wage: 600,
      headcount: 6,
    });
    await ok('POST', '/attendance', {
      date: today,
      entries: [
        { worker: asha.id, fraction: 0.5, ot_hours: 1 },
        { worker: gang.id, fraction: 1, headcount: 5 },
      ],
    });
    // ½ × 650 + 1 h × 650 ÷ 8 × 2 = 487.50; the gang 5 × 600 = 3,000.
    const before = await ok<Record<string, number>>('GET', '/dashboard');
    expect(before).toMatchObject({
      labour_present_today: 6,
      labour_man_days_today: 5.5,
      labour_cost_month: 3_487.5,
      wage_sheets_unpaid: 0,
    });
    await ok('POST', '/wage_sheets', { from: today, to: today });
    const after = await ok<Record<string, number>>('GET', '/dashboard');
    expect(after.wage_sheets_unpaid).toBe(3_487.5);
  });
});

describe("a labour contractor's sheet", () => {
  it('is his bill: TDS under his section, paid by his payments, in his ledger', async () => {
    const contractor = await ok<{ id: string }>('POST', '/vendors', {
      name: 'Sri Ram Labour Contractors',
      pan: 'AAPFS1234K',
      tds_section: '194C',
    });
    const gang = await ok<Worker>('POST', '/workers', {
      name: 'Sri Ram gang',
      trade: 'Helper',
      daily_wage: 600,
      headcount: 10,
      labour_contractor: contractor.id,
    });
    const own = await worker('Asha', 'Helper', 650);
    for (const date of WEEK) {
      await ok('POST', '/attendance', {
        date,
        entries: [
          { worker: gang.id, fraction: 1 },
          { worker: own.id, fraction: 1 },
        ],
      });
    }
    // 10 people × 6 days × ₹600 = ₹36,000: past ₹30,000 alone, so 2 % for a firm: ₹720.
    const sheet = await ok<Sheet & { tds_amount: number; owed: number; payment_status: string }>(
      'POST',
      '/wage_sheets',
      { from: WEEK[0], to: '2026-11-08', labour_contractor: contractor.id },
    );
    expect(sheet).toMatchObject({
      man_days: 60,
      gross: 36_000,
      net: 36_000,
      tds_amount: 720,
      owed: 35_280,
      payment_status: 'pending',
    });
    expect(sheet.lines).toHaveLength(1);
    const over = await call<ErrorBody>(server.url, 'POST', at(siteId, '/payments'), {
      token: owner.token,
      body: {
        vendor: contractor.id,
        account,
        amount: 36_000,
        payment_date: '2026-11-09',
        wage_sheet_allocations: [{ wage_sheet: sheet.id, amount: 36_000 }],
      },
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('ALLOCATION_EXCEEDS_DUE');
    const payment = await ok<{ id: string; wage_sheet_allocations: unknown[] }>(
      'POST',
      '/payments',
      {
        vendor: contractor.id,
        account,
        amount: 35_280,
        payment_date: '2026-11-09',
        wage_sheet_allocations: [{ wage_sheet: sheet.id, amount: 35_280 }],
      },
    );
    expect(payment.wage_sheet_allocations).toEqual([
      { wage_sheet: sheet.id, allocated_amount: 35_280 },
    ]);
    const paid = await ok<Sheet & { payment_status: string }>('GET', `/wage_sheets/${sheet.id}`);
    expect(paid).toMatchObject({ status: 'paid', paid_amount: 35_280, payment_status: 'paid' });
    const vendor = await ok<{ outstanding: number; tds_deducted: number }>(
      'GET',
      `/vendors/${contractor.id}`,
    );
    expect(vendor).toMatchObject({ outstanding: 0, tds_deducted: 720 });
    const ledger = await ok<{ entries: { type: string; credit: number; debit: number }[] }>(
      'GET',
      `/vendors/${contractor.id}/ledger`,
    );
    expect(ledger.entries.map((e) => e.type)).toEqual(['wage_sheet', 'tds', 'payment']);
    const tds = await ok<{ rows: { source: string; tds_amount: number }[] }>(
      'GET',
      '/reports/tds?from=2026-11-01&to=2026-11-30',
    );
    expect(tds.rows).toContainEqual(
      expect.objectContaining({ source: 'wage_sheet', tds_amount: 720 }),
    );
    // The site's own workers are a sheet of their own.
    const mine = await ok<Sheet>('POST', '/wage_sheets', { from: WEEK[0], to: '2026-11-08' });
    expect(mine).toMatchObject({ man_days: 6, gross: 3_900 });
    // Deleting the payment leaves the sheet owed again; then it may be deleted.
    await ok('DELETE', `/payments/${payment.id}`);
    expect(
      (await ok<{ payment_status: string }>('GET', `/wage_sheets/${sheet.id}`)).payment_status,
    ).toBe('pending');
    await ok('DELETE', `/wage_sheets/${sheet.id}`);
    const after = await ok<{ outstanding: number; tds_deducted: number }>(
      'GET',
      `/vendors/${contractor.id}`,
    );
    expect(after).toMatchObject({ outstanding: 0, tds_deducted: 0 });
  });
});

describe("paying a contractor's draft sheet", () => {
  it('waits for an owner: an accountant pays it once approved', async () => {
    const contractor = await ok<{ id: string }>('POST', '/vendors', { name: 'Bharat Labour Co' });
    const gang = await ok<Worker>('POST', '/workers', {
      name: 'Bharat gang',
      trade: 'Helper',
      daily_wage: 600,
      headcount: 4,
      labour_contractor: contractor.id,
    });
    await ok('POST', '/attendance', {
      date: '2026-11-17',
      entries: [{ worker: gang.id, fraction: 1 }],
    });
    const sheet = await ok<Sheet>('POST', '/wage_sheets', {
      from: '2026-11-16',
      to: '2026-11-22',
      labour_contractor: contractor.id,
    });
    const accountant = await registerUser(server.url);
    await addMember(server, siteId, accountant.user.id, 'accountant');
    // Paid from the sheet's page: his payment of what it owes, accountants too.
    const body = { account, payment_date: '2026-11-23' };
    const early = await call<ErrorBody>(
      server.url,
      'POST',
      at(siteId, `/wage_sheets/${sheet.id}/pay`),
      {
        token: accountant.token,
        body,
      },
    );
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.code).toBe('WAGE_SHEET_PAID');
    await ok('POST', `/wage_sheets/${sheet.id}/approve`);
    const paid = await ok<Sheet>('POST', `/wage_sheets/${sheet.id}/pay`, body, accountant.token);
    expect(paid).toMatchObject({ status: 'paid', paid_amount: 2_400 });
    const payments = await ok<{ items: { vendor: string; amount: number }[] }>('GET', '/payments');
    expect(payments.items).toContainEqual(
      expect.objectContaining({ vendor: contractor.id, amount: 2_400 }),
    );
    const again = await call<ErrorBody>(
      server.url,
      'POST',
      at(siteId, `/wage_sheets/${sheet.id}/pay`),
      {
        token: owner.token,
        body,
      },
    );
    expect(again.body.code).toBe('WAGE_SHEET_PAID');
  });
});
