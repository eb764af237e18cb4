/**
 * Across sites (issue 47) over HTTP on a real server and database: an owner's two sites put in one
 * business, "Sri Lakshmi Traders" (one GSTIN) billing and paid on both. The overview's per-site
 * figures are the sites' own screens' and sum to its totals; the cash position sums the accounts;
 * payables age to the paisa with the party on one row; the vendor's statement across sites is each
 * site's ledger summary, added up, with one running balance. Only the business's owner sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import {
  AS_OF,
  GSTIN,
  paise,
  twoSiteBooks,
  type Books,
  type SiteKey,
} from './helpers/across-sites-books.js';

let server: TestServer;
let books: Books;
type Ageing = Record<'0_30' | '31_60' | '61_90' | '90_plus' | 'total', number>;

const sum = (values: number[]) => values.reduce((s, v) => s + paise(v), 0) / 100;

async function as<T>(who: Registered, path: string) {
  return call<T>(server.url, 'GET', path, { token: who.token });
}
async function get<T>(path: string): Promise<T> {
  const res = await as<T>(books.owner, path);
  expect(res.status, `GET ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
const on = (key: SiteKey, path: string) => `/api/sites/${books.site[key]}${path}`;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  books = await twoSiteBooks(server);
});
afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

describe('the overview', () => {
  it("gives each site its dashboard's, budget's and stock's figures, and their sums", async () => {
    interface Row {
      site: string;
      name: string;
      spend: number;
      spend_month: number;
      site_spend: number;
      site_spend_month: number;
      payables: number;
      budget: number;
      budget_forecast: number;
      budget_variance: number;
      stock_value: number;
      pending_approvals: Record<string, number>;
    }
    const overview = await get<{ sites: Row[]; totals: Omit<Row, 'site' | 'name'> }>(
      `/api/businesses/${books.business}/overview`,
    );
    expect(overview.sites.map((s) => s.name)).toEqual(['Tower A', 'Tower B']);
    const budgets = await get<{ items: { site: string; budget: number; forecast: number }[] }>(
      '/api/reports/budget_overview',
    );
    for (const row of overview.sites) {
      const key = row.site === books.site.a ? 'a' : 'b';
      const dashboard = await get<
        Record<string, number> & Record<'site_spend' | 'site_spend_month', { total: number }>
      >(on(key, '/dashboard'));
      const stock = await get<{ total_value: number }>(on(key, '/stock'));
      const budget = budgets.items.find((i) => i.site === row.site);
      expect(row).toMatchObject({
        spend: dashboard.total_expenses,
        spend_month: dashboard.current_month_expenses,
        site_spend: dashboard.site_spend.total,
        site_spend_month: dashboard.site_spend_month.total,
        payables: dashboard.outstanding_amount,
        stock_value: stock.total_value,
        budget: budget?.budget ?? 0,
        budget_forecast: budget?.forecast ?? 0,
      });
      expect(row.spend).toBeGreaterThan(0);
      // The whole site's spend holds the materials and services and adds the rest to them.
      expect(row.site_spend).toBeGreaterThanOrEqual(row.spend);
      expect(row.stock_value).toBeGreaterThan(0);
    }
    const [a, b] = overview.sites as [Row, Row];
    expect(a).toMatchObject({ budget: 50_000, budget_forecast: 50_000, budget_variance: 0 });
    expect(a.pending_approvals).toEqual({
      material_requests: 1,
      petty_expenses: 0,
      ra_bills: 1,
      stock_adjustments: 0,
      total: 2,
    });
    const summed = [
      'spend',
      'spend_month',
      'site_spend',
      'site_spend_month',
      'payables',
      'budget',
      'stock_value',
    ] as const;
    for (const key of summed) {
      expect(overview.totals[key], key).toBe(sum([a[key], b[key]]));
    }
    expect(overview.totals.pending_approvals.total).toBe(2);
  });
});

describe('the cash position', () => {
  it("lists the sites' accounts at their balances, by type and in total", async () => {
    const cash = await get<{
      accounts: { id: string; site_name: string; type: string; current_balance: number }[];
      by_type: { type: string; balance: number }[];
      total: number;
    }>(`/api/businesses/${books.business}/cash_position`);
    expect(cash.accounts.map((x) => x.site_name)).toEqual(['Tower A', 'Tower B', 'Tower B']);
    for (const row of cash.accounts) {
      const key = row.site_name === 'Tower A' ? 'a' : 'b';
      const read = await get<{ current_balance: number }>(on(key, `/accounts/${row.id}`));
      expect(row.current_balance).toBe(read.current_balance);
    }
    // 2,00,000 − 2,000.50 paid; 25,000.50 − 1,000 − 500 paid; 1,234.56.
    expect(cash.by_type).toEqual([
      { type: 'bank', balance: sum([197_999.5, 1234.56]) },
      { type: 'cash', balance: 23_500.5 },
    ]);
    expect(cash.total).toBe(sum(cash.accounts.map((x) => x.current_balance)));
    expect(cash.total).toBe(222_734.56);
  });
});

describe('payables ageing', () => {
  it('ages every open bill to the paisa, one row for the party on both sites', async () => {
    const ageing = await get<{
      as_of: string;
      vendors: (Ageing & { key: string; name: string; sites: { vendor: string }[] })[];
      totals: Ageing;
    }>(`/api/businesses/${books.business}/payables_ageing?as_of=${AS_OF}`);
    expect(ageing.as_of).toBe(AS_OF);
    expect(ageing.vendors.map((v) => v.name)).toEqual(['Balaji Hardware', 'Sri Lakshmi Traders']);
    const party = ageing.vendors[1]!;
    expect(party.sites.map((s) => s.vendor).sort()).toEqual(
      [books.lakshmi.a, books.lakshmi.b].sort(),
    );
    const total = Object.values(books.owed).reduce((s, v) => s + v, 0);
    expect(party).toMatchObject({
      '0_30': books.owed['0_30'] / 100,
      '31_60': books.owed['31_60'] / 100,
      '61_90': books.owed['61_90'] / 100,
      '90_plus': books.owed['90_plus'] / 100,
      total: total / 100,
    });
    // The figures the site screens show: each vendor's outstanding.
    const outstanding = await Promise.all(
      (['a', 'b'] as const).map(async (key) =>
        get<{ outstanding: number }>(on(key, `/vendors/${books.lakshmi[key]}`)),
      ),
    );
    expect(party.total).toBe(sum(outstanding.map((v) => v.outstanding)));
    expect(ageing.totals).toEqual({
      '0_30': (books.owed['0_30'] + books.balajiOwed) / 100,
      '31_60': books.owed['31_60'] / 100,
      '61_90': books.owed['61_90'] / 100,
      '90_plus': books.owed['90_plus'] / 100,
      total: (total + books.balajiOwed) / 100,
    });
    // A later day ages the same bills: ten days on, the newest is still 0–30, 51 → 61 days.
    const later = await get<{ totals: Ageing }>(
      `/api/businesses/${books.business}/payables_ageing?as_of=2026-12-10`,
    );
    expect(later.totals['61_90']).toBe((books.owed['31_60'] + books.owed['61_90']) / 100);
    expect(later.totals.total).toBe(ageing.totals.total);
  });
});

describe("a vendor's statement across sites", () => {
  interface Figures {
    total_billed: number;
    total_paid: number;
    outstanding: number;
    credit_balance: number;
    advance: number;
    ledger_balance: number;
    tds_deducted: number;
  }
  interface Statement {
    party: { name: string; gstin: string | null };
    sites: (Figures & { site: string; vendor: string })[];
    totals: Figures;
    opening_balance: number;
    closing_balance: number;
    entries: { date: string; site: string; debit: number; credit: number; balance: number }[];
  }
  interface Ledger {
    summary: Omit<Figures, 'tds_deducted'>;
    opening_balance: number;
    closing_balance: number;
    entries: unknown[];
  }
  const statementPath = (query: string) =>
    `/api/businesses/${books.business}/vendor_statement?vendor=${books.lakshmi.b}${query}`;

  it("is each site's ledger summary, their sums and one running balance", async () => {
    const statement = await get<Statement>(statementPath(''));
    expect(statement.party).toEqual({ name: 'Sri Lakshmi Traders', gstin: GSTIN });
    expect(statement.sites.map((s) => s.vendor)).toEqual([books.lakshmi.a, books.lakshmi.b]);
    let entries = 0;
    for (const row of statement.sites) {
      const key = row.site === books.site.a ? 'a' : 'b';
      const ledger = await get<Ledger>(on(key, `/vendors/${row.vendor}/ledger`));
      const vendor = await get<Figures>(on(key, `/vendors/${row.vendor}`));
      expect(row).toMatchObject({ ...ledger.summary, tds_deducted: vendor.tds_deducted });
      entries += ledger.entries.length;
    }
    expect(statement.sites[0]!.tds_deducted).toBeGreaterThan(0);
    expect(statement.sites[1]!.advance).toBe(500);
    for (const key of Object.keys(statement.totals) as (keyof Figures)[]) {
      expect(statement.totals[key], key).toBe(sum(statement.sites.map((s) => s[key])));
    }
    expect(statement.entries).toHaveLength(entries);
    const dates = statement.entries.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    let balance = paise(statement.opening_balance);
    for (const entry of statement.entries) {
      balance += paise(entry.credit) - paise(entry.debit);
      expect(paise(entry.balance)).toBe(balance);
    }
    expect(statement.opening_balance).toBe(0);
    expect(statement.closing_balance).toBe(statement.entries.at(-1)!.balance);
    expect(statement.closing_balance).toBe(statement.totals.ledger_balance);
    // Owed less the advance: what the ledgers' balances come to.
    expect(statement.closing_balance).toBe(
      sum([statement.totals.outstanding, -statement.totals.advance]),
    );
  });

  it('keeps to from and to as the vendor ledger does', async () => {
    const range = '&from=2026-09-01&to=2026-10-31';
    const statement = await get<Statement>(statementPath(range));
    const ledgers = await Promise.all(
      (['a', 'b'] as const).map((key) =>
        get<Ledger>(on(key, `/vendors/${books.lakshmi[key]}/ledger?from=2026-09-01&to=2026-10-31`)),
      ),
    );
    expect(statement.entries).toHaveLength(ledgers.reduce((n, l) => n + l.entries.length, 0));
    expect(statement.entries.every((e) => e.date >= '2026-09-01' && e.date <= '2026-10-31')).toBe(
      true,
    );
    expect(statement.opening_balance).toBe(sum(ledgers.map((l) => l.opening_balance)));
    expect(statement.closing_balance).toBe(sum(ledgers.map((l) => l.closing_balance)));
    expect(statement.entries.at(-1)!.balance).toBe(statement.closing_balance);
  });
});

describe('who sees it', () => {
  const paths = () => [
    `/api/businesses/${books.business}/overview`,
    `/api/businesses/${books.business}/cash_position`,
    `/api/businesses/${books.business}/payables_ageing`,
    `/api/businesses/${books.business}/vendor_statement?vendor=${books.lakshmi.a}`,
  ];

  it("answers 404 to anyone but the business's owner, a site's accountant too", async () => {
    const stranger = await registerUser(server.url);
    await createSite(server.url, stranger.token, { name: 'Elsewhere' });
    for (const who of [stranger, books.accountant]) {
      for (const path of paths()) {
        const res = await as<{ code: string }>(who, path);
        expect(res.status, path).toBe(404);
        expect(res.body.code).toBe('NOT_FOUND');
      }
    }
    const signedOut = await call(server.url, 'GET', paths()[0]!);
    expect(signedOut.status).toBe(401);
  });

  it("answers 404 for a vendor of another's business", async () => {
    const stranger = await registerUser(server.url);
    const theirs = (await createSite(server.url, stranger.token, { name: 'Theirs' })).id;
    const vendor = await call<{ id: string }>(server.url, 'POST', `/api/sites/${theirs}/vendors`, {
      token: stranger.token,
      body: { name: 'Sri Lakshmi Traders', gstin: GSTIN },
    });
    const res = await as<{ code: string }>(
      books.owner,
      `/api/businesses/${books.business}/vendor_statement?vendor=${vendor.body.id}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('is documented in /api/openapi.json', async () => {
    const doc = await call<{ paths: Record<string, { get?: unknown }> }>(
      server.url,
      'GET',
      '/api/openapi.json',
    );
    for (const name of ['overview', 'cash_position', 'payables_ageing', 'vendor_statement']) {
      expect(doc.body.paths[`/api/businesses/{id}/${name}`]?.get, name).toBeDefined();
    }
  });
});
