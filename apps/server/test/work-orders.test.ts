/**
 * Work orders and RA bills (issue 43, API.md "Work orders and RA bills") over HTTP on a real
 * server and database: the worked example (an advance with TDS at payment, RA-1 net 4,04,800, a
 * final bill recovering the rest of the advance, retention released; TDS 20,000 and 11,60,000
 * paid in all), an advance recovered over three bills, a variation, the refusals
 * (WO_QUANTITY_EXCEEDED, below the previous measurement, NOT_LATEST_BILL, an allocation past the
 * net payable), two bills of one order at once (one wins), and the integrity check clean.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { parser, paise, type Envelope, type Voucher } from './helpers/tally-parse.js';
import { RCC_ORDER, subcontractSetup } from './helpers/subcontract-kit.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;

interface Line {
  id: string;
  quantity: number;
  billed_quantity: number;
  amount: number;
}
interface WorkOrder {
  id: string;
  number: string | null;
  status: string;
  total_amount: number;
  advance_paid: number;
  advance_recovered: number;
  retention_held: number;
  retention_released: number;
  retention_due_date: string | null;
  lines: Line[];
  variations: unknown[];
}
interface RaBill {
  id: string;
  number: string;
  kind: string;
  gross_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  retention_amount: number;
  advance_recovery: number;
  tds_base: number;
  tds_amount: number;
  net_payable: number;
  paid_amount: number;
  payment_status: string;
  lines: { quantity: number; previous_quantity: number; amount: number }[];
}
interface ErrorBody {
  code: string;
  data: Record<string, unknown>;
}

const url = (p: string) => `/api/sites/${siteId}${p}`;

async function ok<T>(method: string, p: string, body?: unknown, token = owner.token): Promise<T> {
  const res = await call<T>(server.url, method, url(p), { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function refused(status: number, code: string, method: string, p: string, body?: unknown) {
  const res = await call<ErrorBody>(server.url, method, url(p), { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  return res.body;
}

let contractor: string;
let account: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  ({ contractor, account } = await subcontractSetup(ok));
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

/** ₹10,00,000 of RCC work: 2,000 sqm at ₹300 and 40 cum at ₹10,000; 18 % GST; 5 % retention. */
async function issuedOrder(extra: Record<string, unknown> = {}): Promise<WorkOrder> {
  const draft = await ok<WorkOrder>('POST', '/work_orders', {
    vendor: contractor,
    ...RCC_ORDER,
    ...extra,
  });
  expect(draft.status).toBe('draft');
  expect(draft.number).toBeNull();
  expect(draft.total_amount).toBe(10_00_000);
  return ok<WorkOrder>('POST', `/work_orders/${draft.id}/issue`);
}

function pay(amount: number, body: Record<string, unknown>) {
  return ok<{ id: string; tds_amount: number; account_amount: number }>('POST', '/payments', {
    vendor: contractor,
    account,
    amount,
    payment_date: '2026-06-01',
    ...body,
  });
}

describe('the worked example', () => {
  it('advance, RA-1 net 4,04,800, final bill, retention released: TDS 20,000, paid 11,60,000', async () => {
    const order = await issuedOrder();
    expect(order.number).toMatch(/^WO\/\d{4}-\d{2}\/0001$/);
    const [shuttering, concrete] = order.lines;
    // The advance: 2 % TDS taken at payment, the account debited the rest.
    const advance = await pay(1_00_000, { work_order: order.id, payment_date: '2026-05-05' });
    expect(advance.tds_amount).toBe(2000);
    expect(advance.account_amount).toBe(98_000);
    const ra1 = await ok<RaBill>('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-06-30',
      lines: [
        { work_order_line: shuttering!.id, cumulative_quantity: 1000 },
        { work_order_line: concrete!.id, cumulative_quantity: 10 },
      ],
    });
    expect(ra1.number).toBe('RA-1');
    expect(ra1).toMatchObject({
      gross_amount: 4_00_000,
      cgst_amount: 36_000,
      sgst_amount: 36_000,
      igst_amount: 0,
      retention_amount: 20_000,
      advance_recovery: 40_000,
      tds_base: 3_60_000,
      tds_amount: 7200,
      net_payable: 4_04_800,
      payment_status: 'pending',
    });
    // More than the bill's net payable is refused; the net pays it.
    await refused(400, 'ALLOCATION_EXCEEDS_DUE', 'POST', '/payments', {
      vendor: contractor,
      account,
      amount: 4_04_801,
      payment_date: '2026-07-05',
      ra_bill_allocations: [{ ra_bill: ra1.id, amount: 4_04_801 }],
    });
    await pay(4_04_800, {
      payment_date: '2026-07-05',
      ra_bill_allocations: [{ ra_bill: ra1.id, amount: 4_04_800 }],
    });
    expect((await ok<RaBill>('GET', `/ra_bills/${ra1.id}`)).payment_status).toBe('paid');
    const ra2 = await ok<RaBill>('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-09-30',
      final: true,
      lines: [
        { work_order_line: shuttering!.id, cumulative_quantity: 2000 },
        { work_order_line: concrete!.id, cumulative_quantity: 40 },
      ],
    });
    expect(ra2).toMatchObject({
      number: 'RA-2',
      gross_amount: 6_00_000,
      retention_amount: 30_000,
      advance_recovery: 60_000,
      tds_amount: 10_800,
      net_payable: 6_07_200,
    });
    await pay(6_07_200, {
      payment_date: '2026-10-05',
      ra_bill_allocations: [{ ra_bill: ra2.id, amount: 6_07_200 }],
    });
    const completed = await ok<WorkOrder>('GET', `/work_orders/${order.id}`);
    expect(completed.status).toBe('completed');
    expect(completed.retention_due_date).toBe('2027-09-30');
    expect(completed.retention_held).toBe(50_000);
    expect(completed.advance_recovered).toBe(1_00_000);
    const release = await ok<RaBill>('POST', `/work_orders/${order.id}/release_retention`, {
      release_date: '2027-10-01',
    });
    expect(release).toMatchObject({
      kind: 'retention_release',
      net_payable: 50_000,
      tds_amount: 0,
    });
    await pay(50_000, {
      payment_date: '2027-10-02',
      ra_bill_allocations: [{ ra_bill: release.id, amount: 50_000 }],
    });
    const statement = await ok<{
      bills: RaBill[];
      totals: Record<string, number>;
    }>('GET', `/work_orders/${order.id}/statement`);
    expect(statement.bills.map((b) => b.number)).toEqual(['RA-1', 'RA-2', 'RA-3']);
    expect(statement.totals.tds_amount).toBe(20_000);
    expect(statement.totals.paid_amount).toBe(11_60_000);
    expect(statement.totals.tds_total).toBe(20_000);
    expect(statement.totals.paid_total).toBe(11_60_000);
    expect(statement.totals.bills_tds_amount).toBe(18_000);
    expect(statement.totals.retention_held).toBe(0);
    expect(statement.totals.outstanding).toBe(0);
    const vendor = await ok<{ outstanding: number; advance: number; tds_deducted: number }>(
      'GET',
      `/vendors/${contractor}`,
    );
    expect(vendor.outstanding).toBe(0);
    expect(vendor.advance).toBe(0);
    // The ledger: bills less retention and their TDS against the payments, ending at nothing owed.
    const ledger = await ok<{ entries: { type: string; balance: number }[] }>(
      'GET',
      `/vendors/${contractor}/ledger`,
    );
    expect(ledger.entries.filter((e) => e.type === 'tds')).toHaveLength(2);
    expect(ledger.entries.at(-1)!.balance).toBe(0);
    // Tally: RA bills as Purchase vouchers holding the retention, TDS as journals against the
    // bills, the advance's TDS credited to TDS payable beside what the bank paid.
    const file = await call<string>(
      server.url,
      'GET',
      url(`/vendors/${contractor}/export?format=tally`),
      {
        token: owner.token,
      },
    );
    expect(file.status).toBe(200);
    const envelope = parser.parse(String(file.body)) as Envelope;
    const messages = envelope.ENVELOPE.BODY.IMPORTDATA.flatMap((d) => d.REQUESTDATA.TALLYMESSAGE);
    const ledgers = messages.flatMap((m) => (m.LEDGER ? [m.LEDGER['@_NAME']] : []));
    expect(ledgers).toEqual(
      expect.arrayContaining(['Subcontract Work', 'Retention Payable', 'TDS Payable 194C']),
    );
    const vouchers = messages.flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : []));
    const amounts = (v: Voucher) =>
      Object.fromEntries(
        v['ALLLEDGERENTRIES.LIST'].map((l) => [
          l.LEDGERNAME.replace(/ \(.*\)$/, ''),
          paise(l.AMOUNT),
        ]),
      );
    for (const v of vouchers) {
      // Every voucher balances.
      expect(v['ALLLEDGERENTRIES.LIST'].reduce((s, l) => s + paise(l.AMOUNT), 0)).toBe(0);
    }
    const ra1Voucher = vouchers.find((v) => v['@_REMOTEID'] === `siteledger-ra_bills-${ra1.id}`)!;
    expect(ra1Voucher.VOUCHERTYPENAME).toBe('Purchase');
    expect(amounts(ra1Voucher)).toMatchObject({
      'Subcontract Work': -(4_72_000 * 100),
      'Retention Payable': 20_000 * 100,
    });
    const tdsJournals = vouchers.filter((v) => v['@_REMOTEID'].startsWith('siteledger-tds-'));
    expect(tdsJournals.map((v) => amounts(v)['TDS Payable 194C'])).toEqual([720_000, 1_080_000]);
    const advanceVoucher = vouchers.find(
      (v) => v['@_REMOTEID'] === `siteledger-payments-${advance.id}`,
    )!;
    expect(amounts(advanceVoucher)).toMatchObject({
      'HDFC current': 98_000 * 100,
      'TDS Payable 194C': 2000 * 100,
    });
    // The account paid 98,000 + 4,04,800 + 6,07,200 + 50,000.
    const acct = await ok<{ current_balance: number }>('GET', `/accounts/${account}`);
    expect(acct.current_balance).toBe(20_00_000 - 11_60_000);
    const report = await ok<{ totals_by_section: { tds_amount: number }[] }>(
      'GET',
      '/reports/tds?from=2026-04-01&to=2027-03-31',
    );
    expect(report.totals_by_section).toEqual([
      { section: '194C', base: 10_00_000, tds_amount: 20_000 },
    ]);
  });
});

describe('bills and their rules', () => {
  it('recovers an advance over three bills, the final taking what is left', async () => {
    const order = await issuedOrder({ advance_recovery_percent: 20, retention_percent: 0 });
    const [shuttering] = order.lines;
    await pay(1_00_000, { work_order: order.id });
    const bill = (cumulative: number, final = false) =>
      ok<RaBill>('POST', '/ra_bills', {
        work_order: order.id,
        bill_date: '2026-07-01',
        final,
        lines: [{ work_order_line: shuttering!.id, cumulative_quantity: cumulative }],
      });
    const one = await bill(500); // gross 1,50,000: 20 % = 30,000
    const two = await bill(1000); // 30,000
    const three = await bill(1200, true); // final: the 40,000 left
    expect([one, two, three].map((b) => b.advance_recovery)).toEqual([30_000, 30_000, 40_000]);
    expect(three.tds_base).toBe(60_000 - 40_000);
    expect(three.lines[0]).toMatchObject({ previous_quantity: 1000, quantity: 200 });
    const after = await ok<WorkOrder>('GET', `/work_orders/${order.id}`);
    expect(after.advance_recovered).toBe(1_00_000);
    expect(after.status).toBe('completed');
  });

  it('refuses past the ordered quantity, below the previous one, and edits of an earlier bill', async () => {
    const order = await issuedOrder();
    const [shuttering, concrete] = order.lines;
    const over = await refused(400, 'WO_QUANTITY_EXCEEDED', 'POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-01',
      lines: [{ work_order_line: concrete!.id, cumulative_quantity: 41 }],
    });
    expect(over.data).toMatchObject({ ordered: 40, billed: 0, requested: 41 });
    const first = await ok<RaBill>('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-01',
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 500 }],
    });
    await refused(400, 'VALIDATION_FAILED', 'POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-02',
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 400 }],
    });
    const second = await ok<RaBill>('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-10',
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 800 }],
    });
    await refused(409, 'NOT_LATEST_BILL', 'PATCH', `/ra_bills/${first.id}`, { notes: 'x' });
    await refused(409, 'NOT_LATEST_BILL', 'DELETE', `/ra_bills/${first.id}`);
    // The latest is edited: its measurement from the previous bill's.
    const edited = await ok<RaBill>('PATCH', `/ra_bills/${second.id}`, {
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 900 }],
    });
    expect(edited.lines[0]).toMatchObject({ previous_quantity: 500, quantity: 400 });
    expect(edited.gross_amount).toBe(1_20_000);
    await ok('DELETE', `/ra_bills/${second.id}`);
    const back = await ok<WorkOrder>('GET', `/work_orders/${order.id}`);
    expect(back.lines[0]!.billed_quantity).toBe(500);
    // Nothing of the order is left to bill twice: an unchanged measurement is refused.
    await refused(400, 'VALIDATION_FAILED', 'POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-11',
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 500 }],
    });
  });

  it('retention falling due shows on the dashboard until it is released', async () => {
    const order = await issuedOrder({ retention_due_days: 0, advance_amount: 0 });
    const [shuttering] = order.lines;
    await ok('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-01',
      final: true,
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 2000 }],
    });
    const due = await ok<{ retention_due: number; retention_due_date: string | null }>(
      'GET',
      '/dashboard',
    );
    expect(due).toMatchObject({ retention_due: 30_000, retention_due_date: '2026-07-01' });
    await ok('POST', `/work_orders/${order.id}/release_retention`, {
      release_date: '2026-07-02',
      amount: 10_000,
    });
    expect((await ok<{ retention_due: number }>('GET', '/dashboard')).retention_due).toBe(20_000);
    const report = await ok<{
      rows: { number: string; retention_held: number; due_status: string }[];
      total_held: number;
    }>('GET', '/reports/retention');
    expect(report.rows).toEqual([
      expect.objectContaining({
        number: order.number,
        retention_held: 20_000,
        due_status: 'overdue',
      }),
    ]);
    expect(report.total_held).toBe(20_000);
  });

  it("keeps a line's measurement photo through an edit; refuses what is not an image", async () => {
    const order = await issuedOrder();
    const [shuttering] = order.lines;
    const bill = await ok<RaBill & { lines: { id: string; photos: string[] }[] }>(
      'POST',
      '/ra_bills',
      {
        work_order: order.id,
        bill_date: '2026-07-01',
        lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 300 }],
      },
    );
    const line = bill.lines[0]!;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = (name: string, bytes: Buffer) => {
      const data = new FormData();
      data.append('file', new Blob([bytes]), name);
      return data;
    };
    const photos = url(`/ra_bills/${bill.id}/lines/${line.id}/files`);
    const added = await call<{ file: string; files: string[] }>(server.url, 'POST', photos, {
      token: owner.token,
      rawBody: form('slab.png', png),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.files).toEqual([added.body.file]);
    const text = await call<{ code: string }>(server.url, 'POST', photos, {
      token: owner.token,
      rawBody: form('notes.txt', Buffer.from('not a photo')),
    });
    expect(text.body.code).toBe('INVALID_FILE_TYPE');
    const edited = await ok<RaBill & { lines: { work_order_line: string; photos: string[] }[] }>(
      'PATCH',
      `/ra_bills/${bill.id}`,
      { lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 350 }] },
    );
    expect(edited.lines[0]!.photos).toEqual([added.body.file]);
    const after = edited.lines[0] as unknown as { id: string };
    const removed = await call<{ files: string[] }>(
      server.url,
      'DELETE',
      url(`/ra_bills/${bill.id}/lines/${after.id}/files/${added.body.file}`),
      { token: owner.token },
    );
    expect(removed.body.files).toEqual([]);
  });

  it('a variation changes a line, never below what is billed', async () => {
    const order = await issuedOrder();
    const [shuttering] = order.lines;
    await ok('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-01',
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 1500 }],
    });
    await refused(400, 'VALIDATION_FAILED', 'POST', `/work_orders/${order.id}/variations`, {
      work_order_line: shuttering!.id,
      quantity: 1000,
      reason: 'Less slab area',
    });
    const varied = await ok<WorkOrder>('POST', `/work_orders/${order.id}/variations`, {
      work_order_line: shuttering!.id,
      quantity: 2500,
      reason: 'Extra podium slab',
    });
    expect(varied.lines[0]).toMatchObject({ quantity: 2500, amount: 7_50_000 });
    expect(varied.total_amount).toBe(11_50_000);
    expect(varied.variations).toHaveLength(1);
    const bill = await ok<RaBill>('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-15',
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 2500 }],
    });
    expect(bill.gross_amount).toBe(3_00_000);
  });

  it('two bills of one order at once: one is written, the other refused', async () => {
    const order = await issuedOrder();
    const [shuttering] = order.lines;
    const supervisor = await registerUser(server.url);
    await addMember(server, siteId, supervisor.user.id, 'supervisor');
    const body = {
      work_order: order.id,
      bill_date: '2026-07-01',
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 700 }],
    };
    const results = await Promise.all([
      call<ErrorBody>(server.url, 'POST', url('/ra_bills'), { token: owner.token, body }),
      call<ErrorBody>(server.url, 'POST', url('/ra_bills'), { token: supervisor.token, body }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400]);
    const list = await ok<{ items: RaBill[] }>('GET', `/ra_bills?work_order=${order.id}`);
    expect(list.items).toHaveLength(1);
  });

  it('the supervisor measures, the owner approves, the accountant pays the net and the advance', async () => {
    const order = await issuedOrder();
    const [shuttering] = order.lines;
    const supervisor = await registerUser(server.url);
    const accountant = await registerUser(server.url);
    await addMember(server, siteId, supervisor.user.id, 'supervisor');
    await addMember(server, siteId, accountant.user.id, 'accountant');
    const as = <T>(who: Registered, method: string, p: string, body?: unknown) =>
      call<T & ErrorBody>(server.url, method, url(p), { token: who.token, body });
    const advance = await as<{ tds_amount: number; account_amount: number }>(
      accountant,
      'POST',
      `/work_orders/${order.id}/advance`,
      { account, payment_date: '2026-06-01' },
    );
    expect(advance.status, JSON.stringify(advance.body)).toBe(201);
    expect(advance.body).toMatchObject({
      amount: 1_00_000,
      tds_amount: 2000,
      account_amount: 98_000,
    });
    const measured = await as<RaBill & { approved_at: string | null }>(
      supervisor,
      'POST',
      '/ra_bills',
      {
        work_order: order.id,
        bill_date: '2026-06-30',
        lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 1000 }],
      },
    );
    expect(measured.status).toBe(201);
    expect(measured.body.approved_at).toBeNull();
    expect((await as(supervisor, 'POST', `/ra_bills/${measured.body.id}/approve`)).status).toBe(
      403,
    );
    const approved = await ok<{ approved_at: string | null; approved_by: string }>(
      'POST',
      `/ra_bills/${measured.body.id}/approve`,
    );
    expect(approved.approved_by).toBe(owner.user.id);
    const paid = await as<{ amount: number }>(
      accountant,
      'POST',
      `/ra_bills/${measured.body.id}/pay`,
      {
        account,
        payment_date: '2026-07-05',
      },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.amount).toBe(measured.body.net_payable);
    expect((await ok<RaBill>('GET', `/ra_bills/${measured.body.id}`)).payment_status).toBe('paid');
    const again = await as(accountant, 'POST', `/ra_bills/${measured.body.id}/pay`, {
      account,
      payment_date: '2026-07-06',
    });
    expect(again.status).toBe(400);
    // A wrong payment is deleted and recorded again: the bill owes its net once more.
    const wrong = (paid.body as unknown as { id: string }).id;
    await ok('DELETE', `/payments/${wrong}`);
    const reopened = await ok<RaBill>('GET', `/ra_bills/${measured.body.id}`);
    expect(reopened).toMatchObject({ paid_amount: 0, payment_status: 'pending' });
  });

  it('only an owner issues; a draft is deleted, an issued order cancelled while unbilled', async () => {
    const supervisor = await registerUser(server.url);
    await addMember(server, siteId, supervisor.user.id, 'supervisor');
    const draft = await ok<WorkOrder>('POST', '/work_orders', {
      vendor: contractor,
      title: 'Plaster',
      lines: [{ description: 'Internal plaster', unit: 'sqm', quantity: 100, rate: 120 }],
    });
    const denied = await call<ErrorBody>(
      server.url,
      'POST',
      url(`/work_orders/${draft.id}/issue`),
      { token: supervisor.token },
    );
    expect(denied.status).toBe(403);
    const issued = await ok<WorkOrder>('POST', `/work_orders/${draft.id}/issue`);
    await refused(409, 'INVALID_STATUS', 'DELETE', `/work_orders/${draft.id}`);
    await refused(409, 'INVALID_STATUS', 'PATCH', `/work_orders/${draft.id}`, {
      retention_percent: 10,
    });
    const cancelled = await ok<WorkOrder>('POST', `/work_orders/${issued.id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    const other = await ok<WorkOrder>('POST', '/work_orders', {
      vendor: contractor,
      title: 'Paint',
      lines: [{ description: 'Emulsion', unit: 'sqm', quantity: 100, rate: 40 }],
    });
    await ok('DELETE', `/work_orders/${other.id}`);
  });
});
