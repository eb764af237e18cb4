/**
 * Petty cash reports (issue 46) over HTTP on a real server and database: an expense's cost head
 * (its budget line's, else the one given, else other), the spend by head, the holder's statement
 * (JSON, PDF read back with pdftotext, Excel with exceljs) whose closing balance is the imprest's,
 * the dashboard's pending approvals, and an expense made offline replayed with its
 * Idempotency-Key and its photo sent after it: one expense, one photo.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let account: string;
const dir = mkdtempSync(join(tmpdir(), 'petty-reports-'));

interface Imprest {
  id: string;
  balance: number;
}
interface Expense {
  id: string;
  status: string;
  head: string;
  photos: string[];
}
interface Statement {
  opening_balance: number;
  closing_balance: number;
  entries: {
    date: string;
    kind: string;
    description: string;
    status: string | null;
    amount_in: number;
    amount_out: number;
    balance: number;
  }[];
}

const site = (p: string) => `/api/sites/${siteId}${p}`;
async function ok<T>(who: Registered, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, path, { token: who.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function bytesOf(path: string): Promise<{ status: number; type: string; body: Buffer }> {
  const res = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${accountant.token}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url, { name: 'Suresh Supervisor' });
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { state_code: '27' })).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  account = (
    await ok<{ id: string }>(owner, 'POST', site('/accounts'), {
      name: 'Cash box',
      type: 'cash',
      opening_balance: 100_000,
    })
  ).id;
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const imprest = () =>
  ok<Imprest>(owner, 'POST', site('/imprests'), {
    holder: supervisor.user.id,
    amount: 10_000,
    issued_date: '2026-11-02',
    account,
  });

const spend = (imprestId: string, date: string, amount: number, description: string, extra = {}) =>
  ok<Expense>(supervisor, 'POST', site('/petty_expenses'), {
    imprest: imprestId,
    expense_date: date,
    amount,
    description,
    ...extra,
  });

describe('heads', () => {
  it('takes a budget line’s head, else the one given, else other; spend by head leaves out the rejected', async () => {
    const line = await ok<{ id: string }>(owner, 'POST', site('/budget_lines'), {
      head: 'equipment',
      name: 'Mixer running',
      amount: 20_000,
    });
    const cash = await imprest();
    const diesel = await spend(cash.id, '2026-11-03', 1_950, 'Diesel', {
      budget_line: line.id,
      head: 'material',
    });
    const wire = await spend(cash.id, '2026-11-04', 500, 'Binding wire', { head: 'material' });
    const tea = await spend(cash.id, '2026-11-04', 300, 'Tea for the gang');
    const tanker = await spend(cash.id, '2026-11-05', 2_500, 'Water tanker', { head: 'overhead' });
    const auto = await spend(cash.id, '2026-11-05', 2_200, 'Auto', { head: 'overhead' });
    expect([diesel.head, wire.head, tea.head, tanker.head]).toEqual([
      'equipment',
      'material',
      'other',
      'overhead',
    ]);
    expect([tanker.status, auto.status]).toEqual(['pending', 'pending']);
    await ok(owner, 'POST', site(`/petty_expenses/${auto.id}/reject`), { reason: 'Not ours' });
    // A pending expense's head may change; the line's head still wins.
    const moved = await ok<Expense>(owner, 'PATCH', site(`/petty_expenses/${tanker.id}`), {
      head: 'labour',
    });
    expect(moved.head).toBe('labour');

    const byHead = await ok<{
      items: { head: string; count: number; approved_amount: number; pending_amount: number }[];
      totals: { count: number; approved_amount: number; pending_amount: number };
    }>(accountant, 'GET', site('/petty_expenses/by_head'));
    expect(byHead.items).toEqual([
      { head: 'material', count: 1, approved_amount: 500, pending_amount: 0 },
      { head: 'labour', count: 1, approved_amount: 0, pending_amount: 2_500 },
      { head: 'equipment', count: 1, approved_amount: 1_950, pending_amount: 0 },
      { head: 'other', count: 1, approved_amount: 300, pending_amount: 0 },
    ]);
    expect(byHead.totals).toEqual({ count: 4, approved_amount: 2_750, pending_amount: 2_500 });
    const nov4 = await ok<typeof byHead>(
      accountant,
      'GET',
      site('/petty_expenses/by_head?from=2026-11-04&to=2026-11-04'),
    );
    expect(nov4.totals).toEqual({ count: 2, approved_amount: 800, pending_amount: 0 });

    const dashboard = await ok<Record<string, number>>(owner, 'GET', site('/dashboard'));
    expect(dashboard.petty_pending_count).toBe(1);
    expect(dashboard.petty_pending_amount).toBe(2_500);
  });
});

describe("the holder's statement", () => {
  it('runs the cash in hand from the issue through spends and a replenishment, on screen and in the files', async () => {
    const cash = await imprest();
    await spend(cash.id, '2026-11-03', 1_950, 'Diesel for the mixer');
    await spend(cash.id, '2026-11-04', 800, 'Tea for the gang');
    await ok(accountant, 'POST', site(`/imprests/${cash.id}/replenish`), {
      account,
      date: '2026-11-10',
    });
    const wire = await spend(cash.id, '2026-11-12', 2_360, 'Binding wire', {
      vendor_gstin: '27AAPFU0939F1ZV',
      gst_rate: 18,
    });
    expect(wire.status).toBe('pending');
    const rejected = await spend(cash.id, '2026-11-13', 2_100, 'Lunch');
    await ok(owner, 'POST', site(`/petty_expenses/${rejected.id}/reject`), { reason: 'Own meal' });

    const all = await ok<Statement>(accountant, 'GET', site(`/imprests/${cash.id}/statement`));
    expect(all.opening_balance).toBe(0);
    expect(all.entries.map((e) => [e.kind, e.amount_in, e.amount_out, e.balance])).toEqual([
      ['issued', 10_000, 0, 10_000],
      ['expense', 0, 1_950, 8_050],
      ['expense', 0, 800, 7_250],
      ['replenished', 2_750, 0, 10_000],
      ['expense', 0, 2_360, 7_640],
      ['expense', 0, 0, 7_640],
    ]);
    expect(all.entries[5]?.status).toBe('rejected');
    const now = await ok<Imprest>(supervisor, 'GET', site(`/imprests/${cash.id}`));
    expect(all.closing_balance).toBe(now.balance);
    expect(now.balance).toBe(7_640);

    const period = await ok<Statement>(
      supervisor,
      'GET',
      site(`/imprests/${cash.id}/statement?from=2026-11-04&to=2026-11-10`),
    );
    expect(period.opening_balance).toBe(8_050);
    expect(period.entries.map((e) => e.description)).toEqual(['Tea for the gang', 'Replenished']);
    expect(period.closing_balance).toBe(10_000);

    const pdf = await bytesOf(site(`/imprests/${cash.id}/statement?format=pdf`));
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    writeFileSync(join(dir, 'statement.pdf'), pdf.body);
    const text = execFileSync('pdftotext', ['-raw', join(dir, 'statement.pdf'), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, ' ');
    expect(text).toContain('Petty cash statement');
    expect(text).toContain('Suresh Supervisor');
    expect(text).toContain('Diesel for the mixer');
    expect(text).toContain('Expense (rejected)');
    expect(text).toMatch(/Closing balance.*7,640\.00/);

    const xlsx = await bytesOf(site(`/imprests/${cash.id}/statement?format=xlsx`));
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const flat = rows.map((r) =>
      r.map((v) => (typeof v === 'object' && v ? JSON.stringify(v) : v)),
    );
    const diesel = flat.find((r) => r.includes('Diesel for the mixer'));
    expect(diesel).toContain(1_950);
    expect(diesel).toContain(8_050);
    const closing = flat.find((r) => r.includes('Closing balance'));
    expect(closing).toContain(7_640);

    const bad = await call<{ code: string }>(
      server.url,
      'GET',
      site(`/imprests/${cash.id}/statement?format=doc`),
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
  });
});

describe('an expense made offline', () => {
  it('replayed with its Idempotency-Key is written once, and its photo joins it', async () => {
    const cash = await imprest();
    const body = {
      imprest: cash.id,
      expense_date: '2026-11-06',
      amount: 640,
      description: 'Nails and a hacksaw blade',
      head: 'material',
    };
    const headers = { 'idempotency-key': 'phone-7f3a9c1e-petty-1' };
    const first = await call<Expense>(server.url, 'POST', site('/petty_expenses'), {
      token: supervisor.token,
      body,
      headers,
    });
    expect(first.status).toBe(201);
    // The phone never saw the answer and sends the same entry again.
    const again = await call<Expense>(server.url, 'POST', site('/petty_expenses'), {
      token: supervisor.token,
      body,
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);

    const form = new FormData();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bill.png');
    const upload = await call(server.url, 'POST', site(`/petty_expenses/${first.body.id}/files`), {
      token: supervisor.token,
      rawBody: form,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);

    const list = await ok<{ items: Expense[] }>(
      supervisor,
      'GET',
      site(`/petty_expenses?imprest=${cash.id}`),
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]?.photos).toHaveLength(1);
    const after = await ok<Imprest>(supervisor, 'GET', site(`/imprests/${cash.id}`));
    expect(after.balance).toBe(9_360);
  });
});
