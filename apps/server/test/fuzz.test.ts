/**
 * Fuzzing the write endpoints (issue 10): fast-check sends arbitrary and boundary JSON to every
 * POST and PATCH under a site — wrong types, huge strings, unicode, negative and fractional
 * amounts, other sites' ids, SQL and HTML fragments. The server must never answer 5xx, and an
 * answer of 4xx must leave the database exactly as it was. The suite ends with the integrity
 * check, so whatever the accepted bodies wrote also keeps the books true.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { databaseDigest } from './helpers/db-digest.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
const ids: Record<string, string> = {};
const foreign: Record<string, string> = {};

const FIELDS = [
  'name',
  'unit',
  'description',
  'category',
  'standard_rate',
  'is_active',
  'tags',
  'type',
  'vendor',
  'item',
  'service',
  'account',
  'delivery',
  'delivery_item',
  'service_booking',
  'credit_note',
  'amount',
  'quantity',
  'unit_price',
  'unit_rate',
  'duration',
  'tax_amount',
  'round_off',
  'delivery_date',
  'start_date',
  'payment_date',
  'return_date',
  'issue_date',
  'expiry_date',
  'transaction_date',
  'reference',
  'delivery_reference',
  'notes',
  'reason',
  'status',
  'percent_completed',
  'opening_balance',
  'credit_amount',
  'delivery_items',
  'items',
  'delivery_allocations',
  'service_booking_allocations',
  'credit_note_allocations',
  'allowBalanceAdjustment',
  'refund',
  'quantity_returned',
  'return_rate',
  'condition',
  'quotation_type',
  'minimum_quantity',
  'valid_until',
  'email',
  'role',
  'plan',
  'billing_cycle',
  'total_units',
  'total_planned_area',
  'phone',
  'gstin',
  'color',
  'method',
  'refund_amount',
];

const nasty = fc.oneof(
  fc.constantFrom(
    "'; drop table deliveries; --",
    '<img src=x onerror=alert(1)>',
    'सीमेंट ₹ 😀',
    '\u0000',
    '',
    ' ',
    '2026-02-30',
    '9999-12-31',
    '1e309',
    'NaN',
    '__proto__',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 20000 }).map((s) => s.padEnd(5000, 'x')),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, 0.001, 0.005, 1e15, Number.MAX_SAFE_INTEGER, -0.01, 99999999999.99),
  fc.boolean(),
  fc.constant(null),
);
const anId = fc
  .constantFrom('own', 'foreign', 'missing')
  .chain((kind) =>
    fc
      .constantFrom(...Object.keys(ids))
      .map((k) =>
        kind === 'own' ? ids[k]! : kind === 'foreign' ? (foreign[k] ?? 'x') : 'nosuchrecord000',
      ),
  );
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(nasty, anId),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('leaf'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('leaf'), { maxKeys: 6 }),
  ),
})).node;
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 12 }),
  fc.anything(),
);

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  const other = await registerUser(server.url);
  const otherSite = (await createSite(server.url, other.token)).id;
  const make = async (site: string, token: string, target: Record<string, string>) => {
    const post = async (path: string, b: unknown) => {
      const res = await call<{ id: string; delivery_items?: { id: string }[] }>(
        server.url,
        'POST',
        `/api/sites/${site}${path}`,
        { token, body: b },
      );
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
      return res.body;
    };
    target.vendor = (await post('/vendors', { name: 'Shree Traders' })).id;
    target.item = (await post('/items', { name: 'Cement', unit: 'bag' })).id;
    target.service = (
      await post('/services', {
        name: 'JCB',
        category: 'equipment',
        unit: 'day',
        standard_rate: 1000,
      })
    ).id;
    target.account = (
      await post('/accounts', { name: 'HDFC', type: 'bank', opening_balance: 50000 })
    ).id;
    const delivery = await post('/deliveries', {
      vendor: target.vendor,
      delivery_date: '2026-11-10',
      delivery_items: [{ item: target.item, quantity: 10, unit_price: 380 }],
    });
    target.delivery = delivery.id;
    target.delivery_item = delivery.delivery_items![0]!.id;
    target.booking = (
      await post('/service_bookings', {
        service: target.service,
        vendor: target.vendor,
        start_date: '2026-11-11',
        duration: 2,
        unit_rate: 500,
      })
    ).id;
    target.payment = (
      await post('/payments', {
        vendor: target.vendor,
        account: target.account,
        amount: 1000,
        payment_date: '2026-11-12',
        delivery_allocations: [{ delivery: target.delivery, amount: 1000 }],
      })
    ).id;
  };
  await make(siteId, owner.token, ids);
  await make(otherSite, other.token, foreign);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('fuzzing the write endpoints', () => {
  it('never answers 5xx, and a 4xx changes nothing', async () => {
    const routes = server.routes.filter(
      (r) =>
        (r.method === 'POST' || r.method === 'PATCH') &&
        r.url.startsWith('/api/sites/:') &&
        !r.url.endsWith('/files') &&
        !r.url.endsWith('/disown'),
    );
    const idFor = (url: string) => {
      const collection = url.split('/')[4] ?? '';
      const map: Record<string, string | undefined> = {
        deliveries: ids.delivery,
        delivery_items: ids.delivery_item,
        service_bookings: ids.booking,
        payments: ids.payment,
        vendors: ids.vendor,
        items: ids.item,
        services: ids.service,
        accounts: ids.account,
      };
      return map[collection] ?? 'nosuchrecord000';
    };
    let runs = 0;
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async (route, payload) => {
        runs += 1;
        const path = route.url
          .replace(':siteId', siteId)
          .replace(/\/api\/sites\/:id/, `/api/sites/${siteId}`)
          .replace(':id', idFor(route.url))
          .replace(/:[a-zA-Z]+/g, 'nosuchrecord000');
        const before = await databaseDigest(server.ctx.db.kysely);
        const res = await call(server.url, route.method, path, {
          token: owner.token,
          rawBody: JSON.stringify(payload) ?? 'null',
        });
        const tag = `${res.status} ${(res.body as { code?: string }).code ?? ''}`;
        statuses.set(tag, (statuses.get(tag) ?? 0) + 1);
        expect(res.status, `${route.method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(
            await databaseDigest(server.ctx.db.kysely),
            `${route.method} ${path} wrote on ${res.status}`,
          ).toBe(before);
          expect(res.body).toMatchObject({ status: res.status, code: expect.any(String) });
        }
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 300),
        seed: Number(process.env.FUZZ_SEED ?? 20261122),
      },
    );
    console.log(
      `fuzz: ${runs} cases over ${routes.length} write routes, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }, 180_000);
});
