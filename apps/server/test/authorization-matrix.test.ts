/**
 * The authorization matrix (issue 10): every API route, called as each kind of caller, answers
 * as its declared access and the permission map of spec part 6 say. The expectation is derived
 * from the route table; ROUTES below must name every route, so a new route without an entry
 * fails here until someone decides how it is called.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, recordTypes, type Role } from '@siteledger/domain';
import type { Access, RouteEntry } from '../src/platform/access.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { declaredGuard, promisedRoutes } from './helpers/registry-routes.js';
import { startServer, type TestServer } from './helpers/test-server.js';

interface Entry {
  /** Run each allowed call on a site made for it (the call would change the shared site). */
  freshSite?: true;
  /** Run each signed-in call as a new user (the call changes the caller: logout, password…). */
  freshUser?: true;
}

const ROUTES: Record<string, Entry> = {
  'POST /api/auth/email-change': { freshUser: true },
  'POST /api/auth/email-change/confirm': {},
  'POST /api/auth/login': {},
  'POST /api/auth/login/two-step': {},
  'POST /api/auth/logout': { freshUser: true },
  'POST /api/auth/password-reset': {},
  'POST /api/auth/password-reset/confirm': {},
  'POST /api/auth/refresh': { freshUser: true },
  'POST /api/auth/register': {},
  'POST /api/auth/verification': {},
  'POST /api/auth/verification/confirm': {},
  'GET /api/avatars/:name': {},
  'POST /api/batch': {},
  'GET /api/config': {},
  'GET /api/files/:siteId/:name': {},
  'GET /api/health': {},
  'GET /api/invitations': {},
  'POST /api/invitations/:id/accept': {},
  'POST /api/invitations/:id/decline': {},
  'GET /api/me': {},
  'PATCH /api/me': { freshUser: true },
  'POST /api/me/password': { freshUser: true },
  'GET /api/me/sessions': {},
  // Ending sessions signs callers out: each call as a new user.
  'DELETE /api/me/sessions': { freshUser: true },
  'DELETE /api/me/sessions/:sessionId': { freshUser: true },
  'GET /api/me/two-step': {},
  'POST /api/me/two-step/setup': {},
  'POST /api/me/two-step/enable': {},
  'POST /api/me/two-step/disable': {},
  'POST /api/me/two-step/recovery-codes': {},
  'GET /api/me/site-allowance': {},
  // The caller's own notice choices (issue 47).
  'GET /api/me/notices': {},
  'PATCH /api/me/notices': {},
  // The owner's sites, one row each (issue 45).
  'GET /api/reports/budget_overview': {},
  // The caller's businesses (issue 47): another's answers 404.
  'GET /api/businesses': {},
  'GET /api/businesses/:id': {},
  'PATCH /api/businesses/:id': {},
  'POST /api/businesses/:id/merge': {},
  // The logo its PDFs carry: the owner sets and clears it; the owner and its sites' members read.
  'PUT /api/businesses/:id/logo': {},
  'DELETE /api/businesses/:id/logo': {},
  'GET /api/businesses/:id/logo': {},
  // Shared vendors (issue 47): the owner's, another's answers 404.
  'GET /api/businesses/:id/vendor_duplicates': {},
  'POST /api/businesses/:id/vendor_merges': {},
  'GET /api/businesses/:id/account_duplicates': {},
  'POST /api/businesses/:id/account_merges': {},
  'GET /api/businesses/:id/catalog_duplicates': {},
  'POST /api/businesses/:id/catalog_merges': {},
  // The owner's reports across a business's sites (issue 47): another's answers 404.
  'GET /api/businesses/:id/overview': {},
  'GET /api/businesses/:id/cash_position': {},
  'GET /api/businesses/:id/payables_ageing': {},
  'GET /api/businesses/:id/vendor_statement': {},
  'GET /api/openapi.json': {},
  'GET /api/plans': {},
  'GET /api/sites': {},
  'POST /api/sites': { freshUser: true },
  'GET /api/sites/:id': {},
  'PATCH /api/sites/:id': {},
  'POST /api/sites/:id/disown': { freshSite: true },
  'GET /api/sites/:id/invitations': {},
  'POST /api/sites/:id/invitations': {},
  'DELETE /api/sites/:id/invitations/:invId': {},
  'GET /api/sites/:id/members': {},
  'POST /api/sites/:id/members': {},
  'PATCH /api/sites/:id/members/:userId': {},
  'DELETE /api/sites/:id/members/:userId': {},
  'POST /api/webhooks/razorpay': {},
};
// Site collections follow one pattern; each is listed with the routes it has.
const COLLECTION_ROUTES: Record<string, string[]> = {
  account_transactions: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id'],
  // The activity log (owners) and one record's history (its readers).
  audit: ['GET', 'GET :entity/:recordId'],
  accounts: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id', 'GET :id/statement'],
  // The BOQ import (issue 45), beside the registry's CRUD of budget lines.
  budget_lines: ['POST import'],
  // Petty cash (issue 46): refilling an imprest; the expenses' photos and the owner's decisions.
  imprests: ['POST :id/replenish', 'GET :id/statement'],
  petty_expenses: ['FILES', 'POST :id/approve', 'POST :id/reject', 'GET by_head'],
  credit_note_usage: ['GET'],
  dashboard: ['GET'],
  deliveries: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id', 'FILES'],
  delivery_items: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id', 'GET :id/returnable'],
  events: ['GET'],
  // The site-wide Tally export and its last run (issue 23).
  exports: ['GET tally', 'GET tally/last'],
  items: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id', 'GET :id/stats'],
  // Purchasing (issue 24): requests, orders with their actions and PDF, rate variances.
  material_requests: [
    'POST',
    'GET',
    'GET :id',
    'PATCH :id',
    'DELETE :id',
    'FILES',
    'POST :id/submit',
    'POST :id/approve',
    'POST :id/reject',
    'POST :id/close',
  ],
  purchase_orders: [
    'POST',
    'GET',
    'GET :id',
    'PATCH :id',
    'DELETE :id',
    'POST :id/issue',
    'POST :id/cancel',
    'POST :id/close',
    'GET :id/pdf',
    'GET :id/advances',
    'POST :id/advances',
    'DELETE :id/advances/:payment',
  ],
  rate_variances: ['GET'],
  // Subcontractors (issue 43): the order's actions and statement (its CRUD and the RA bills' come
  // from the registry).
  work_orders: [
    'POST :id/issue',
    'POST :id/cancel',
    'POST :id/variations',
    'POST :id/release_retention',
    'GET :id/statement',
    'GET :id/pdf',
    'GET :id/statement/export',
    'POST :id/advance',
  ],
  // A measurement photo of an RA bill's line.
  ra_bills: [
    'POST :id/lines/:lineId/files',
    'DELETE :id/lines/:lineId/files/:name',
    'POST :id/approve',
    'POST :id/pay',
  ],
  // Labour (issue 44): whom a site may borrow, the day's muster, a wage sheet's actions (the
  // CRUD of workers, attendance, advances and sheets comes from the registry).
  workers: ['GET lendable'],
  attendance: ['GET muster'],
  wage_sheets: ['POST :id/approve', 'POST :id/pay', 'POST :id/unpay', 'GET :id/slips.pdf'],
  // Site stock (issue 25): the report, the ledger, consumption, counts and transfers.
  stock: ['GET', 'GET statement', 'GET consumption'],
  stock_movements: ['GET'],
  stock_consumptions: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id', 'FILES'],
  stock_adjustments: [
    'POST',
    'GET',
    'GET :id',
    'DELETE :id',
    'POST :id/approve',
    'POST :id/reject',
  ],
  stock_counts: ['POST'],
  stock_transfers: ['POST', 'GET', 'GET :id', 'DELETE :id', 'POST :id/receive'],
  payment_allocations: ['GET'],
  // The purchase register (issue 23, API.md "GST").
  reports: [
    'GET purchase-register',
    'GET tds',
    'GET tds-26q',
    'GET tds-certificates',
    'GET retention',
    'GET muster_roll',
    'GET budget',
    'GET wage_register',
  ],
  payments: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id'],
  quotations: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id'],
  returnable_items: ['GET'],
  service_bookings: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id', 'FILES'],
  services: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id', 'GET :id/stats'],
  subscription: [
    'GET',
    'POST cancel',
    'POST checkout',
    'POST reactivate',
    'POST verify',
    'POST subscribe',
    'POST downgrade',
    'DELETE downgrade',
    'PUT billing_details',
    'GET invoices',
    'GET invoices/:id/pdf',
  ],
  tags: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id'],
  vendor_credit_notes: ['POST', 'GET', 'GET :id', 'PATCH :id', 'DELETE :id'],
  vendor_refunds: ['GET', 'GET :id'],
  vendor_returns: [
    'POST',
    'GET',
    'GET :id',
    'PATCH :id',
    'DELETE :id',
    'FILES',
    'POST :id/approve',
    'POST :id/complete',
    'POST :id/refunds',
    'POST :id/reject',
  ],
  vendors: [
    'POST',
    'GET',
    'GET :id',
    'PATCH :id',
    'DELETE :id',
    'FILES',
    'GET :id/export',
    'GET :id/ledger',
    'GET :id/payables',
  ],
};
for (const [collection, routes] of Object.entries(COLLECTION_ROUTES)) {
  const base = `/api/sites/:siteId/${collection}`;
  for (const route of routes) {
    if (route === 'FILES') {
      ROUTES[`POST ${base}/:id/files`] = {};
      ROUTES[`DELETE ${base}/:id/files/:name`] = {};
      continue;
    }
    const [method, rest] = route.split(' ') as [string, string | undefined];
    ROUTES[`${method} ${base}${rest ? `/${rest}` : ''}`] = {};
  }
}

// Every route a record type's registry entry promises is in the matrix too (issue 41): an entry
// whose route does not exist fails "names every API route, and only those".
for (const type of recordTypes()) {
  for (const route of promisedRoutes(type)) ROUTES[`${route.method} ${route.url}`] ??= {};
}

/** Collections whose reading needs canViewFinancials (API.md "Permissions"), and the registry's. */
const FINANCIAL = new Set([
  ...recordTypes()
    .filter((type) => type.permissions.read === 'canViewFinancials')
    .map((type) => type.collection),
  'accounts',
  'account_transactions',
  'payments',
  'payment_allocations',
  'credit_note_usage',
  'vendor_credit_notes',
  'vendor_refunds',
]);

/**
 * What spec part 6 and API.md require of a site route, from its method and path alone:
 * a permission, 'owner' for owner-only calls, 'member' for any member. The declared access of
 * every site route must say the same.
 */
function required(method: string, url: string): string {
  const parts = url.split('/').slice(4); // after /api/sites/:siteId
  const [collection = '', id, step] = parts;
  if (url.startsWith('/api/sites/:id')) {
    if (method === 'GET' && (collection === '' || collection === 'members')) return 'member';
    if (method === 'PATCH' && collection === '') return 'canUpdate';
    return 'owner';
  }
  // Reading the plan is for every member; money matters (invoices, buyer details) for owners.
  if (collection === 'subscription')
    return method === 'GET' && id === undefined ? 'member' : 'owner';
  if (collection === 'events') return 'member';
  if (collection === 'audit') return id === undefined ? 'owner' : 'canRead';
  // A holder's statement is read on screen as well as downloaded: whoever sees the money.
  if (collection === 'imprests' && step === 'statement') return 'canViewFinancials';
  if (step === 'export' || step === 'statement' || collection === 'exports') return 'canExport';
  // Owners decide requests and issue orders; the PDF is an export; submitting is raising one.
  if (collection === 'material_requests' && (step === 'approve' || step === 'reject'))
    return 'owner';
  if (collection === 'purchase_orders' && step === 'issue') return 'owner';
  // Owners issue work orders, approve variations, measurements and release retention; whoever
  // sees the money pays subcontractors (accountants pay: issue 43).
  if (
    collection === 'work_orders' &&
    (step === 'issue' || step === 'variations' || step === 'release_retention')
  )
    return 'owner';
  if (collection === 'ra_bills' && step === 'approve') return 'owner';
  if ((collection === 'ra_bills' && step === 'pay') || step === 'advance')
    return 'canViewFinancials';
  // TDS deposits (issue 43): whoever sees the money records them (accountants deposit TDS).
  if (collection === 'tds_challans') {
    if (method === 'DELETE') return 'owner';
    return 'canViewFinancials';
  }
  // Wage sheets (issue 44): whoever sees the money makes and pays them (accountants pay wages;
  // the service refuses supervisors' payments); owners approve, undo a payment and delete.
  if (collection === 'worker_advances' && method === 'POST') return 'canViewFinancials';
  // Budgets (issue 45): the owner's promise to himself; every member reads them.
  if (collection === 'budget_lines' && method !== 'GET') return 'owner';
  // Petty cash (issue 46): owners issue imprests and decide expenses; whoever sees the money
  // refills (the holder, a supervisor, is refused by deniedTo); holders record (canCreate).
  if (collection === 'imprests' && step === 'replenish') return 'canViewFinancials';
  if (collection === 'imprests' && method !== 'GET') return 'owner';
  if (
    collection === 'petty_expenses' &&
    (step === 'approve' || step === 'reject' || (method === 'DELETE' && step !== 'files'))
  )
    return 'owner';
  if (collection === 'wage_sheets') {
    if (method === 'DELETE' || step === 'approve' || step === 'unpay') return 'owner';
    if (method !== 'GET') return 'canViewFinancials';
  }
  // Counts above the site's threshold wait for an owner's decision.
  if (collection === 'stock_adjustments' && (step === 'approve' || step === 'reject'))
    return 'owner';
  if (step === 'pdf') return 'canExport';
  if (step === 'submit') return 'canCreate';
  // Payments set aside for an order: reading them is reading money; setting one aside creates.
  if (step === 'advances') {
    if (method === 'GET') return 'canViewFinancials';
    return method === 'POST' ? 'canCreate' : 'canUpdate';
  }
  // A quarter's TDS return spans the owner's sites of the TAN: the owner's (issue 43).
  if (collection === 'reports' && (id === 'tds-26q' || id === 'tds-certificates')) return 'owner';
  if (collection === 'reports') return 'canExport';
  if (step === 'ledger' || step === 'payables') return 'canViewFinancials';
  if (method === 'GET') return FINANCIAL.has(collection) ? 'canViewFinancials' : 'canRead';
  if (step === 'files' || (collection === 'ra_bills' && step === 'lines')) return 'canUpdate';
  if (method === 'POST') return id === undefined || step === 'refunds' ? 'canCreate' : 'canUpdate';
  if (method === 'PATCH') return 'canUpdate';
  return 'canDelete';
}

function declared(access: Access | undefined): string {
  if (access?.auth !== 'site') return 'not a site route';
  if (access.ownerOnly) return 'owner';
  return access.permission ?? 'member';
}

type Caller = Role | 'outsider' | 'removed' | 'formerOwner' | 'anonymous' | 'user';
type Outcome =
  { kind: 'allowed' } | { kind: 'denied'; status: 401 | 403; code: string; message?: string };

function expected(access: Access | undefined, caller: Caller): Outcome {
  const a = access ?? { auth: 'user' };
  if (a.auth === 'public') return { kind: 'allowed' };
  if (caller === 'anonymous') return { kind: 'denied', status: 401, code: 'UNAUTHENTICATED' };
  if (a.auth === 'user') return { kind: 'allowed' };
  if (
    caller === 'outsider' ||
    caller === 'removed' ||
    caller === 'formerOwner' ||
    caller === 'user'
  ) {
    return { kind: 'denied', status: 403, code: 'ACCESS_DENIED' };
  }
  if (a.ownerOnly && caller !== 'owner') {
    return {
      kind: 'denied',
      status: 403,
      code: 'PERMISSION_DENIED',
      message: `Permission denied: Only owners can ${a.ownerOnly}`,
    };
  }
  if (a.permission && !hasPermission(caller, a.permission)) {
    return { kind: 'denied', status: 403, code: 'PERMISSION_DENIED' };
  }
  if (a.deniedTo?.some((role) => role === caller)) {
    return { kind: 'denied', status: 403, code: 'PERMISSION_DENIED' };
  }
  return { kind: 'allowed' };
}

let server: TestServer;
const people = {} as Record<
  'owner' | 'supervisor' | 'accountant' | 'outsider' | 'removed' | 'formerOwner',
  Registered
>;
let siteId: string;
let disownedSiteId: string;

/** Status and error code, without waiting for a stream (the events route never ends). */
async function request(method: string, path: string, token: string | null) {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const withBody = method === 'POST' || method === 'PATCH';
  if (withBody) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: withBody ? '{}' : undefined,
    signal: controller.signal,
  });
  let code: string | undefined;
  let message: string | undefined;
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await response.json()) as { code?: string; message?: string };
    code = body.code;
    message = body.message;
  }
  controller.abort();
  return { status: response.status, code, message };
}

function fill(url: string, site: string): string {
  return url
    .replace(':siteId', site)
    .replace(/\/api\/sites\/:id/, `/api/sites/${site}`)
    .replace(/:[a-zA-Z]+/g, 'nosuchrecord000');
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  for (const name of Object.keys({
    owner: 0,
    supervisor: 0,
    accountant: 0,
    outsider: 0,
    removed: 0,
    formerOwner: 0,
  }) as (keyof typeof people)[]) {
    people[name] = await registerUser(server.url);
  }
  siteId = (await createSite(server.url, people.owner.token)).id;
  await addMember(server, siteId, people.supervisor.user.id, 'supervisor');
  await addMember(server, siteId, people.accountant.user.id, 'accountant');
  await addMember(server, siteId, people.removed.user.id, 'supervisor');
  const removal = await call(
    server.url,
    'DELETE',
    `/api/sites/${siteId}/members/${people.removed.user.id}`,
    {
      token: people.owner.token,
    },
  );
  expect(removal.status).toBe(204);
  await createSite(server.url, people.outsider.token);
  disownedSiteId = (await createSite(server.url, people.formerOwner.token)).id;
  const disown = await call(server.url, 'POST', `/api/sites/${disownedSiteId}/disown`, {
    token: people.formerOwner.token,
  });
  expect(disown.status).toBe(204);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('authorization matrix', () => {
  it('names every API route, and only those', () => {
    const api = server.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    const keys = api.map((r) => `${r.method} ${r.url}`);
    expect(
      keys.filter((k) => !(k in ROUTES)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((k) => !keys.includes(k)),
      'entries without a route',
    ).toEqual([]);
  });

  it('declares on every site route the permission the spec requires', () => {
    const wrong = server.routes
      .filter((r) => r.url.startsWith('/api/sites/:') && r.access?.auth === 'site')
      .filter((r) => declared(r.access) !== required(r.method, r.url))
      .map(
        (r) =>
          `${r.method} ${r.url}: declares ${declared(r.access)}, spec ${required(r.method, r.url)}`,
      );
    expect(wrong).toEqual([]);
  });

  it("declares on each record type's routes the permissions its registry entry names", () => {
    const wrong: string[] = [];
    for (const type of recordTypes()) {
      for (const route of promisedRoutes(type)) {
        const found = server.routes.find((r) => r.method === route.method && r.url === route.url);
        const got = declaredGuard(found?.access);
        if (got !== route.requires) {
          wrong.push(`${route.method} ${route.url}: declares ${got}, registry ${route.requires}`);
        }
        if (got !== required(route.method, route.url)) {
          wrong.push(`${route.method} ${route.url}: spec ${required(route.method, route.url)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers every route as each caller the way its access and the permission map say', async () => {
    const api = server.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    const site = (r: RouteEntry) => r.access?.auth === 'site';
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of api) {
      const entry = ROUTES[`${route.method} ${route.url}`] ?? {};
      const callers: Caller[] = site(route)
        ? ['owner', 'supervisor', 'accountant', 'outsider', 'removed', 'formerOwner', 'anonymous']
        : ['user', 'anonymous'];
      for (const caller of callers) {
        let token: string | null = null;
        let target = siteId;
        if (caller === 'user') {
          token = entry.freshUser ? (await registerUser(server.url)).token : people.outsider.token;
        } else if (caller !== 'anonymous') {
          token = people[caller].token;
        }
        if (caller === 'formerOwner') target = disownedSiteId;
        const want = expected(route.access, caller);
        if (entry.freshSite && want.kind === 'allowed' && caller === 'owner') {
          const fresh = await registerUser(server.url);
          target = (await createSite(server.url, fresh.token)).id;
          token = fresh.token;
        }
        const got = await request(route.method, fill(route.url, target), token);
        checked += 1;
        const label = `${route.method} ${route.url} as ${caller}`;
        if (want.kind === 'allowed') {
          if (
            got.status === 401 ||
            got.code === 'ACCESS_DENIED' ||
            got.code === 'PERMISSION_DENIED'
          )
            mismatches.push(`${label}: expected allowed, got ${got.status} ${got.code ?? ''}`);
          if (got.status >= 500 && got.status !== 503)
            mismatches.push(`${label}: server error ${got.status} ${got.code ?? ''}`);
        } else if (got.status !== want.status || got.code !== want.code) {
          mismatches.push(
            `${label}: expected ${want.status} ${want.code}, got ${got.status} ${got.code ?? ''}`,
          );
        } else if (want.message && got.message !== want.message) {
          mismatches.push(`${label}: message "${got.message ?? ''}"`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    console.log(`authorization matrix: ${api.length} routes, ${checked} calls checked`);
    expect(checked).toBeGreaterThan(api.length * 3);
  }, 120_000);
});
