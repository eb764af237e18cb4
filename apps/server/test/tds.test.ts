/**
 * TDS (issue 43, API.md "TDS") over HTTP on a real server and database: § 194C over four credits
 * on two sites of one TAN (0 / 0 / 800 / 1,460; an individual 0 / 0 / 400 / 730; no PAN
 * 0 / 0 / 8,000 / 14,600), what a bill then owes and when it is paid, a credit edited after the
 * threshold was crossed, a paid credit kept as it was, the financial-year boundary, a credit
 * taken out of TDS, the vendor's PAN from its GSTIN, and the TDS report. Integrity stays clean.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let item: Record<string, string>;

interface Credit {
  id: string;
  tds_section: string | null;
  tds_base: number;
  tds_rate: number | null;
  tds_amount: number;
  total_amount: number;
  paid_amount: number;
  payment_status: string;
}

async function ok<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, path, { token: owner.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function newSite(tan: string | null): Promise<string> {
  const site = await createSite(server.url, owner.token);
  if (tan) await ok('PATCH', `/api/sites/${site.id}`, { tan });
  item[site.id] = (
    await ok<{ id: string }>('POST', `/api/sites/${site.id}/items`, {
      name: 'Shuttering work',
      unit: 'm2',
    })
  ).id;
  return site.id;
}

async function contractor(siteId: string, body: Record<string, unknown>): Promise<string> {
  const vendor = await ok<{ id: string }>('POST', `/api/sites/${siteId}/vendors`, {
    name: 'Sri Lakshmi Contractors',
    tds_section: '194C',
    ...body,
  });
  return vendor.id;
}

/** A delivery of one line worth `rupees` (no GST): a credit of that base. */
function bill(siteId: string, vendor: string, date: string, rupees: number, extra = {}) {
  return ok<Credit>('POST', `/api/sites/${siteId}/deliveries`, {
    vendor,
    delivery_date: date,
    delivery_items: [{ item: item[siteId], quantity: 1, unit_price: rupees }],
    ...extra,
  });
}

function booking(siteId: string, vendor: string, service: string, date: string, rupees: number) {
  return ok<Credit>('POST', `/api/sites/${siteId}/service_bookings`, {
    service,
    vendor,
    start_date: date,
    duration: 1,
    unit_rate: rupees,
  });
}

const get = (siteId: string, collection: string, id: string) =>
  ok<Credit>('GET', `/api/sites/${siteId}/${collection}/${id}`);

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  item = {};
});

// A plan lets an owner have three sites: each case is a new owner.
beforeEach(async () => {
  owner = await registerUser(server.url);
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

describe('§ 194C over four credits on two sites of one TAN', () => {
  /** Credits 25,000 and 28,000 on A, 40,000 on B (over ₹30,000 alone), 20,000 on A (the year passes ₹1,00,000). */
  async function fourCredits(pan: string | null, tan: string) {
    const a = await newSite(tan);
    const b = await newSite(tan);
    const onA = await contractor(a, pan ? { pan } : {});
    const onB = await contractor(b, pan ? { pan } : {});
    const service = (
      await ok<{ id: string }>('POST', `/api/sites/${a}/services`, {
        name: 'Shuttering labour',
        category: 'labor',
        unit: 'day',
        standard_rate: 1000,
      })
    ).id;
    const first = await bill(a, onA, '2026-05-02', 25_000);
    const second = await booking(a, onA, service, '2026-05-10', 28_000);
    const third = await bill(b, onB, '2026-06-01', 40_000);
    const fourth = await bill(a, onA, '2026-07-15', 20_000);
    return { a, b, onA, onB, credits: [first, second, third, fourth] };
  }

  it('a firm: 0 / 0 / 800 / 1,460, and what each bill owes leaves its TDS out', async () => {
    const { credits, a } = await fourCredits('AAAFL1234C', 'MUMA12345B');
    expect(credits.map((c) => c.tds_amount)).toEqual([0, 0, 800, 1460]);
    expect(credits.map((c) => c.tds_rate)).toEqual([2, 2, 2, 2]);
    expect(credits[3]!.tds_base).toBe(20_000);
    // The fourth owes 20,000 − 1,460: allocating more is refused; that much pays it.
    const fourth = credits[3]!;
    const account = await ok<{ id: string }>('POST', `/api/sites/${a}/accounts`, {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 1_00_000,
    });
    const vendor = (await get(a, 'deliveries', fourth.id)) as Credit & { vendor: string };
    const over = await call<{ code: string }>(server.url, 'POST', `/api/sites/${a}/payments`, {
      token: owner.token,
      body: {
        vendor: vendor.vendor,
        account: account.id,
        amount: 20_000,
        payment_date: '2026-07-20',
        delivery_allocations: [{ delivery: fourth.id, amount: 20_000 }],
      },
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('ALLOCATION_EXCEEDS_DUE');
    await ok('POST', `/api/sites/${a}/payments`, {
      vendor: vendor.vendor,
      account: account.id,
      amount: 18_540,
      payment_date: '2026-07-20',
      delivery_allocations: [{ delivery: fourth.id, amount: 18_540 }],
    });
    const paid = await get(a, 'deliveries', fourth.id);
    expect(paid.payment_status).toBe('paid');
    const v = await ok<{ tds_deducted: number; outstanding: number; pan: string }>(
      'GET',
      `/api/sites/${a}/vendors/${vendor.vendor}`,
    );
    expect(v.pan).toBe('AAAFL1234C');
    expect(v.tds_deducted).toBe(1460);
    expect(v.outstanding).toBe(25_000 + 28_000);
    // The payment form offers what each bill owes: the paid one is closed, TDS and all.
    const payables = await ok<{
      deliveries: { id: string; due: number }[];
      service_bookings: { due: number }[];
    }>('GET', `/api/sites/${a}/vendors/${vendor.vendor}/payables`);
    expect(payables.deliveries.map((d) => d.id)).not.toContain(fourth.id);
    expect(payables.deliveries.map((d) => d.due)).toEqual([25_000]);
    // The ledger shows the TDS beside the bill; the paid bill leaves nothing owed on it.
    const ledger = await ok<{
      entries: { id: string; type: string; debit: number; credit: number; balance: number }[];
    }>('GET', `/api/sites/${a}/vendors/${vendor.vendor}/ledger`);
    const mine = ledger.entries.filter((e) => e.id === fourth.id);
    expect(mine.map((e) => [e.type, e.debit, e.credit])).toEqual([
      ['delivery', 0, 20_000],
      ['tds', 1460, 0],
    ]);
    expect(ledger.entries.at(-1)!.balance).toBe(25_000 + 28_000);
  });

  it("a quarter's 26Q rows and certificate figures span the TAN's sites", async () => {
    const { a, b } = await fourCredits('AAAFK1234C', 'MUMA52345B');
    const csv = await call<string>(
      server.url,
      'GET',
      `/api/sites/${a}/reports/tds-26q?quarter=2026-27-Q1`,
      { token: owner.token },
    );
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('PAN of deductee');
    // Q1 (April–June): the ₹40,000 credit on the second site; the crossing one is in July (Q2).
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('AAAFK1234C');
    expect(lines[1]).toContain('800.00');
    const q2 = await ok<{
      sites: { id: string }[];
      deductees: { pan: string; tds_deducted: number; amount_credited: number }[];
    }>('GET', `/api/sites/${a}/reports/tds-certificates?quarter=2026-27-Q2`);
    expect(q2.sites.map((s) => s.id).sort()).toEqual([a, b].sort());
    expect(q2.deductees).toMatchObject([
      { pan: 'AAAFK1234C', tds_deducted: 1460, amount_credited: 20_000 },
    ]);
  });

  it('an individual: 0 / 0 / 400 / 730', async () => {
    const { credits } = await fourCredits('AAAPL1234C', 'MUMA22345B');
    expect(credits.map((c) => c.tds_amount)).toEqual([0, 0, 400, 730]);
  });

  it('no PAN (one vendor record): 0 / 0 / 8,000 / 14,600 at 20 %', async () => {
    const a = await newSite(null);
    const vendor = await contractor(a, {});
    const service = (
      await ok<{ id: string }>('POST', `/api/sites/${a}/services`, {
        name: 'Shuttering labour',
        category: 'labor',
        unit: 'day',
        standard_rate: 1000,
      })
    ).id;
    const credits = [
      await bill(a, vendor, '2026-05-02', 25_000),
      await booking(a, vendor, service, '2026-05-10', 28_000),
      await bill(a, vendor, '2026-06-01', 40_000),
      await bill(a, vendor, '2026-07-15', 20_000),
    ];
    expect(credits.map((c) => c.tds_amount)).toEqual([0, 0, 8000, 14600]);
    expect(credits[0]!.tds_rate).toBe(20);
  });

  it('sites with different TANs are different deductors', async () => {
    const a = await newSite('MUMA32345B');
    const b = await newSite('MUMA42345B');
    const onA = await contractor(a, { pan: 'AAAFM1234C' });
    const onB = await contractor(b, { pan: 'AAAFM1234C' });
    await bill(a, onA, '2026-05-02', 60_000 / 2);
    await bill(a, onA, '2026-05-03', 29_000);
    const onOther = await bill(b, onB, '2026-05-04', 29_000);
    const last = await bill(a, onA, '2026-05-05', 29_000);
    expect(onOther.tds_amount).toBe(0);
    expect(last.tds_amount).toBe(0);
  });
});

describe('edits, payments and years', () => {
  it('a credit edited after the threshold was crossed moves the catch-up; a paid one is kept', async () => {
    const a = await newSite(null);
    const vendor = await contractor(a, { pan: 'AAAFN1234C' });
    const one = await bill(a, vendor, '2026-05-02', 25_000);
    const two = await bill(a, vendor, '2026-05-03', 28_000);
    const three = await bill(a, vendor, '2026-05-04', 29_000);
    const four = await bill(a, vendor, '2026-05-05', 20_000);
    // 25 + 28 + 29 + 20 = 1,02,000: the fourth crosses and catches up all four (2 % of 1,02,000).
    expect(four.tds_amount).toBe(2040);
    // The second drops to 20,000: the year stays under ₹1,00,000 (94,000), nothing is deducted.
    const line = await ok<{ items: { id: string }[] }>(
      'GET',
      `/api/sites/${a}/delivery_items?delivery=${two.id}`,
    );
    await ok('PATCH', `/api/sites/${a}/delivery_items/${line.items[0]!.id}`, {
      unit_price: 20_000,
    });
    expect((await get(a, 'deliveries', four.id)).tds_amount).toBe(0);
    // Back up to 28,000, then the first is paid in full: the fourth's catch-up covers it again,
    // and the paid one keeps 0 (never silently changed).
    await ok('PATCH', `/api/sites/${a}/delivery_items/${line.items[0]!.id}`, {
      unit_price: 28_000,
    });
    expect((await get(a, 'deliveries', four.id)).tds_amount).toBe(2040);
    const account = await ok<{ id: string }>('POST', `/api/sites/${a}/accounts`, {
      name: 'Cash',
      type: 'cash',
      opening_balance: 1_00_000,
    });
    await ok('POST', `/api/sites/${a}/payments`, {
      vendor,
      account: account.id,
      amount: 25_000,
      payment_date: '2026-05-06',
      delivery_allocations: [{ delivery: one.id, amount: 25_000 }],
    });
    const five = await bill(a, vendor, '2026-05-07', 10_000);
    expect(five.tds_amount).toBe(200);
    expect((await get(a, 'deliveries', one.id)).tds_amount).toBe(0);
    expect((await get(a, 'deliveries', three.id)).tds_amount).toBe(0);
    // Deleting the fifth leaves the others as they were.
    await ok('DELETE', `/api/sites/${a}/deliveries/${five.id}`);
    expect((await get(a, 'deliveries', four.id)).tds_amount).toBe(2040);
  });

  it('a paid booking whose edit brings TDS owes less: refused, or the overpayment released', async () => {
    const a = await newSite(null);
    const vendor = await contractor(a, { pan: 'AAAFB1234C' });
    const service = (
      await ok<{ id: string }>('POST', `/api/sites/${a}/services`, {
        name: 'Scaffolding hire',
        category: 'labor',
        unit: 'day',
        standard_rate: 1000,
      })
    ).id;
    const hire = await booking(a, vendor, service, '2026-05-02', 30_000);
    expect(hire.tds_amount).toBe(0);
    const account = await ok<{ id: string }>('POST', `/api/sites/${a}/accounts`, {
      name: 'Cash',
      type: 'cash',
      opening_balance: 50_000,
    });
    await ok('POST', `/api/sites/${a}/payments`, {
      vendor,
      account: account.id,
      amount: 30_000,
      payment_date: '2026-05-03',
      service_booking_allocations: [{ service_booking: hire.id, amount: 30_000 }],
    });
    // ₹30,500 passes ₹30,000: 2 % TDS (610) leaves it owing 29,890 against 30,000 paid.
    const refused = await call<{ code: string }>(
      server.url,
      'PATCH',
      `/api/sites/${a}/service_bookings/${hire.id}`,
      { token: owner.token, body: { unit_rate: 30_500 } },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TOTAL_BELOW_PAID');
    expect((await get(a, 'service_bookings', hire.id)).tds_amount).toBe(0);
    const released = await ok<Credit & { released: { amount: number }[] }>(
      'PATCH',
      `/api/sites/${a}/service_bookings/${hire.id}`,
      { unit_rate: 30_500, release_overpayment: true },
    );
    expect(released).toMatchObject({
      tds_amount: 610,
      paid_amount: 29_890,
      payment_status: 'paid',
    });
    expect(released.released).toEqual([expect.objectContaining({ amount: 110 })]);
  });

  it('the financial year starts again on 1 April', async () => {
    const a = await newSite(null);
    const vendor = await contractor(a, { pan: 'AAAFP1234C' });
    await bill(a, vendor, '2026-03-10', 29_000);
    await bill(a, vendor, '2026-03-20', 29_000);
    await bill(a, vendor, '2026-03-30', 29_000);
    const march = await bill(a, vendor, '2026-03-31', 20_000);
    expect(march.tds_amount).toBe(2140);
    const april = await bill(a, vendor, '2026-04-01', 20_000);
    expect(april.tds_amount).toBe(0);
    const report = await ok<{
      rows: { source: string; tds_amount: number; due_date: string; section: string }[];
      totals_by_section: { section: string; tds_amount: number }[];
    }>('GET', `/api/sites/${a}/reports/tds?from=2026-03-01&to=2026-04-30`);
    expect(report.rows.map((r) => [r.source, r.tds_amount, r.due_date])).toEqual([
      ['delivery', 2140, '2026-04-30'],
    ]);
    expect(report.totals_by_section).toEqual([{ section: '194C', base: 20_000, tds_amount: 2140 }]);
    // Not deposited: the dashboard says what is owed to the government and since when.
    const dashboard = await ok<{ tds_to_deposit: number; tds_due_date: string | null }>(
      'GET',
      `/api/sites/${a}/dashboard`,
    );
    expect(dashboard).toMatchObject({ tds_to_deposit: 2140, tds_due_date: '2026-04-30' });
  });

  it('a bill bought outside TDS carries none; a § 194C(6) transporter none at all', async () => {
    const a = await newSite(null);
    const vendor = await contractor(a, { pan: 'AAAFQ1234C' });
    const material = await bill(a, vendor, '2026-05-02', 50_000, { tds_section: null });
    expect(material.tds_section).toBeNull();
    expect(material.tds_amount).toBe(0);
    const work = await bill(a, vendor, '2026-05-03', 40_000);
    expect(work.tds_amount).toBe(800);
    const transporter = await contractor(a, { pan: 'AAAFR1234C', tds_194c6: true });
    const trip = await bill(a, transporter, '2026-05-04', 50_000);
    expect(trip.tds_amount).toBe(0);
    await ok('PATCH', `/api/sites/${a}/deliveries/${work.id}`, { tds_section: null });
    expect((await get(a, 'deliveries', work.id)).tds_amount).toBe(0);
  });

  it('a challan deposits a month: the account is debited, the month deposited and frozen', async () => {
    const a = await newSite(null);
    const vendor = await contractor(a, { pan: 'AAAFS1234C' });
    const first = await bill(a, vendor, '2026-05-02', 29_000);
    const second = await bill(a, vendor, '2026-06-03', 40_000);
    expect(second.tds_amount).toBe(800);
    const account = await ok<{ id: string }>('POST', `/api/sites/${a}/accounts`, {
      name: 'SBI current',
      type: 'bank',
      opening_balance: 10_000,
    });
    const accountant = await registerUser(server.url);
    await addMember(server, a, accountant.user.id, 'accountant');
    const res = await call<{ id: string; due_date: string }>(
      server.url,
      'POST',
      `/api/sites/${a}/tds_challans`,
      {
        token: accountant.token,
        body: {
          section: '194C',
          month: '2026-06',
          bsr_code: '0510308',
          challan_serial: '00042',
          deposit_date: '2026-07-06',
          amount: 800,
          account: account.id,
        },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.due_date).toBe('2026-07-07');
    expect(
      (await ok<{ current_balance: number }>('GET', `/api/sites/${a}/accounts/${account.id}`))
        .current_balance,
    ).toBe(9200);
    const report = await ok<{ deposits: { month: string; status: string; deposited: number }[] }>(
      'GET',
      `/api/sites/${a}/reports/tds?from=2026-04-01&to=2026-06-30`,
    );
    expect(report.deposits).toEqual([
      {
        section: '194C',
        month: '2026-06',
        tds_amount: 800,
        deposited: 800,
        // One site of its TAN: the deductor's month is the site's.
        deductor_tds_amount: 800,
        deductor_deposited: 800,
        due_date: '2026-07-07',
        status: 'deposited',
      },
    ]);
    // The posting is the challan's: edited only through it.
    const postings = await ok<{ items: { id: string }[] }>(
      'GET',
      `/api/sites/${a}/account_transactions?account=${account.id}&type=debit`,
    );
    const linked = await call<{ code: string }>(
      server.url,
      'PATCH',
      `/api/sites/${a}/account_transactions/${postings.items[0]!.id}`,
      { token: owner.token, body: { amount: 1 } },
    );
    expect(linked.body.code).toBe('TRANSACTION_LINKED');
    // Tally: the deposit is a Payment from the bank to TDS Payable 194C.
    const tally = await call<string>(server.url, 'GET', `/api/sites/${a}/exports/tally`, {
      token: owner.token,
    });
    const xml = String(tally.body);
    const voucher = xml.slice(xml.indexOf(`REMOTEID="siteledger-tds_challans-${res.body.id}"`));
    expect(voucher.slice(0, 80)).toContain('VCHTYPE="Payment"');
    const deposit = voucher.slice(0, voucher.indexOf('</VOUCHER>'));
    expect(deposit).toContain('<LEDGERNAME>TDS Payable 194C</LEDGERNAME>');
    expect(deposit).toContain('<LEDGERNAME>SBI current</LEDGERNAME>');
    expect(deposit).toContain('<AMOUNT>-800.00</AMOUNT>');
    // A deposited month keeps its TDS: a back-dated May credit takes the year past ₹1,00,000
    // with June's, but June's 800 stays as deposited, so the next credit catches up May 2.
    const late = await bill(a, vendor, '2026-05-20', 35_000);
    expect(late.tds_amount).toBe(700);
    expect((await get(a, 'deliveries', second.id)).tds_amount).toBe(800);
    const july = await bill(a, vendor, '2026-07-01', 10_000);
    expect(july.tds_amount).toBe(200 + 580);
    expect((await get(a, 'deliveries', first.id)).tds_amount).toBe(0);
    await ok('DELETE', `/api/sites/${a}/tds_challans/${res.body.id}`);
    expect(
      (await ok<{ current_balance: number }>('GET', `/api/sites/${a}/accounts/${account.id}`))
        .current_balance,
    ).toBe(10_000);
  });

  it('a PAN given later takes the unpaid credits from 20 % to the PAN rate', async () => {
    const a = await newSite(null);
    const vendor = await contractor(a, {});
    const big = await bill(a, vendor, '2026-05-02', 40_000);
    expect(big.tds_amount).toBe(8000);
    await ok('PATCH', `/api/sites/${a}/vendors/${vendor}`, { pan: 'AAAPT1234C' });
    const after = await get(a, 'deliveries', big.id);
    expect(after).toMatchObject({ tds_rate: 1, tds_amount: 400 });
  });

  it("a vendor's PAN is its GSTIN's; another PAN is refused", async () => {
    const a = await newSite(null);
    const made = await ok<{ pan: string; deductee_type: string }>(
      'POST',
      `/api/sites/${a}/vendors`,
      { name: 'Ply House', gstin: '27AAPFU0939F1ZV' },
    );
    expect(made.pan).toBe('AAPFU0939F');
    expect(made.deductee_type).toBe('other');
    const res = await call<{ code: string; data: Record<string, unknown> }>(
      server.url,
      'POST',
      `/api/sites/${a}/vendors`,
      { token: owner.token, body: { name: 'X', gstin: '27AAPFU0939F1ZV', pan: 'AAAPL1234C' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.data).toHaveProperty('pan');
  });
});
