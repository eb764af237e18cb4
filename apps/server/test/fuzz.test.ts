/**
 * Fuzzing the write endpoints (issue 10): fast-check sends arbitrary and boundary JSON to every
 * POST and PATCH under a site — wrong types, huge strings, the whole of Unicode (controls, lone
 * surrogates, right-to-left overrides, emoji, combining marks: issue 17), negative and fractional
 * amounts, other sites' ids, SQL and HTML fragments. The server must never answer 5xx, and an
 * answer of 4xx must leave the database exactly as it was. With DATABASE_URL set, every case goes
 * to a PostgreSQL and a SQLite server alike, and both must answer the same. The suite ends with
 * the integrity check, so whatever the accepted bodies wrote also keeps the books true.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { databaseDigest } from './helpers/db-digest.js';
import { NESTING_CAP, nestedBody, nestingOf, shapedBody } from './helpers/fuzz-bodies.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/** One server under test with its own fixtures (ids differ between databases). */
interface Target {
  name: string;
  server: TestServer;
  owner: Registered;
  siteId: string;
  ids: Record<string, string>;
  foreign: Record<string, string>;
}
const targets: Target[] = [];
/** Cases per run: 300 in CI; the long form (`npm run fuzz -- --runs 10000`) sets FUZZ_RUNS. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** A case takes tens of milliseconds on one database; the database grows as cases write. */
const TIMEOUT_MS = Math.max(180_000, RUNS * 300);
/**
 * 5xx answers the error table declares on purpose, not faults: checkout on a server without
 * Razorpay keys is 503 PAYMENTS_NOT_CONFIGURED (a body that passes its schema is rare enough that
 * only the long form meets it). They must still change nothing.
 */
const DECLARED_5XX = new Set(['503 PAYMENTS_NOT_CONFIGURED']);
const FIXTURES = [
  'vendor',
  'item',
  'service',
  'account',
  'delivery',
  'delivery_item',
  'booking',
  'payment',
];

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

/** Any UTF-16 code unit, lone surrogates and C0 controls included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const nasty = fc.oneof(
  fc.constantFrom(
    "'; drop table deliveries; --",
    '<img src=x onerror=alert(1)>',
    'सीमेंट ₹ 😀',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    'line\nbreak\ttab',
    '\ud800',
    'x\udfffy',
    'abc\u202Eexe.txt',
    'Ca\u0301fe\u0308',
    '👷🏽\u200d♀️',
    '',
    ' ',
    '2026-02-30',
    '9999-12-31',
    '1e309',
    'NaN',
    '__proto__',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
  fc.string({ maxLength: 20, unit: anyCodeUnit }),
  fc.string({ minLength: 5000, maxLength: 20000 }).map((s) => s.padEnd(5000, 'x')),
  fc.string({ maxLength: 200, unit: 'grapheme' }).map((s) => s.padEnd(3000, '\u0915\u094d')),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(-1, 0, 0.001, 0.005, 1e15, Number.MAX_SAFE_INTEGER, -0.01, 99999999999.99),
  fc.boolean(),
  fc.constant(null),
);
/** A symbolic id, made concrete per server by `resolveIds`. */
const anId = fc
  .constantFrom('own', 'foreign', 'missing')
  .chain((kind) => fc.constantFrom(...FIXTURES).map((k) => `@${kind}:${k}`));

function resolveIds(value: unknown, target: Target): unknown {
  if (typeof value === 'string') {
    const match = /^@(own|foreign|missing):(\w+)$/.exec(value);
    if (!match) return value;
    if (match[1] === 'missing') return 'nosuchrecord000';
    return (match[1] === 'own' ? target.ids : target.foreign)[match[2]!] ?? 'x';
  }
  if (Array.isArray(value)) return value.map((v) => resolveIds(v, target));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveIds(v, target)]));
  }
  return value;
}
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

/**
 * A route's body (issue 37): arbitrary JSON as above, or shaped like the route's create so that
 * creates and edits get written (3 creates in 10,000 cases before), or either nested past the
 * server's depth cap.
 */
function bodyFor(route: { method: string; url: string }): fc.Arbitrary<unknown> {
  const shaped = shapedBody(route.method, route.url);
  if (!shaped)
    return fc.oneof({ weight: 5, arbitrary: body }, { weight: 1, arbitrary: nestedBody(body) });
  return fc.oneof(
    { weight: 3, arbitrary: body },
    { weight: 6, arbitrary: shaped },
    { weight: 1, arbitrary: nestedBody(shaped) },
  );
}

async function prepare(name: string, sqlite: boolean): Promise<Target> {
  const server = await startServer({ DEFAULT_PLAN: 'Basic' }, { sqlite });
  const owner = await registerUser(server.url);
  const siteId = (await createSite(server.url, owner.token)).id;
  const other = await registerUser(server.url);
  const otherSite = (await createSite(server.url, other.token)).id;
  const ids: Record<string, string> = {};
  const foreign: Record<string, string> = {};
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
  return { name, server, owner, siteId, ids, foreign };
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) targets.push(await prepare('postgres', false));
  targets.push(await prepare('sqlite', true));
}, 60_000);
afterAll(async () => {
  for (const target of targets) await target.server.close();
});

describe('fuzzing the write endpoints', () => {
  it('never answers 5xx, and a 4xx changes nothing', { timeout: TIMEOUT_MS }, async () => {
    const routes = targets[0]!.server.routes.filter(
      (r) =>
        (r.method === 'POST' || r.method === 'PATCH') &&
        r.url.startsWith('/api/sites/:') &&
        !r.url.endsWith('/files') &&
        !r.url.endsWith('/disown'),
    );
    const idFor = (url: string, target: Target) => {
      const collection = url.split('/')[4] ?? '';
      const map: Record<string, string | undefined> = {
        deliveries: target.ids.delivery,
        delivery_items: target.ids.delivery_item,
        service_bookings: target.ids.booking,
        payments: target.ids.payment,
        vendors: target.ids.vendor,
        items: target.ids.item,
        services: target.ids.service,
        accounts: target.ids.account,
      };
      return map[collection] ?? 'nosuchrecord000';
    };
    let runs = 0;
    const started = Date.now();
    const statuses = new Map<string, number>();
    const tally = { creates: 0, edits: 0, refused: 0, failed: 0, tooDeep: 0 };
    const cases = fc
      .constantFrom(...routes)
      .chain((route) => fc.tuple(fc.constant(route), bodyFor(route)));
    await fc.assert(
      fc.asyncProperty(cases, async ([route, payload]) => {
        runs += 1;
        const answers: string[] = [];
        const tooDeep = nestingOf(payload) > NESTING_CAP;
        for (const target of targets) {
          const path = route.url
            .replace(':siteId', target.siteId)
            .replace(/\/api\/sites\/:id/, `/api/sites/${target.siteId}`)
            .replace(':id', idFor(route.url, target))
            .replace(/:[a-zA-Z]+/g, 'nosuchrecord000');
          const kysely = target.server.ctx.db.kysely;
          const before = await databaseDigest(kysely);
          const res = await call(target.server.url, route.method, path, {
            token: target.owner.token,
            rawBody: JSON.stringify(resolveIds(payload, target)) ?? 'null',
          });
          const where = `${target.name}: ${route.method} ${path} ${JSON.stringify(res.body)}`;
          const tag = `${res.status} ${(res.body as { code?: string }).code ?? ''}`;
          answers.push(tag);
          statuses.set(tag, (statuses.get(tag) ?? 0) + 1);
          if (!DECLARED_5XX.has(tag)) expect(res.status, where).toBeLessThan(500);
          // Nested past the cap: refused before anything else looks at it.
          if (tooDeep) expect(tag, where).toBe('400 BAD_REQUEST');
          if (res.status >= 400) {
            expect(await databaseDigest(kysely), `${where} wrote on ${res.status}`).toBe(before);
            expect(res.body).toMatchObject({ status: res.status, code: expect.any(String) });
          }
        }
        // Both databases give the same answer to the same request.
        expect(new Set(answers).size, `${route.method} ${route.url}: ${answers.join(' vs ')}`).toBe(
          1,
        );
        const status = Number(answers[0]!.split(' ')[0]);
        if (status === 201) tally.creates += 1;
        else if (status < 300) tally.edits += 1;
        else if (status < 500) tally.refused += 1;
        else tally.failed += 1;
        if (tooDeep) tally.tooDeep += 1;
      }),
      {
        numRuns: RUNS,
        seed: SEED,
      },
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `fuzz: ${runs} cases (seed ${SEED}) over ${routes.length} write routes on ${targets.map((t) => t.name).join(' + ')} in ${seconds} s: ${tally.creates} creates (201) and ${tally.edits} other writes (2xx: edits, actions), ${tally.refused} 4xx (${tally.tooDeep} nested past the cap), ${tally.failed} 5xx; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // The shaped bodies reach the writes: at least one case in twenty creates something.
    expect(tally.creates).toBeGreaterThan(runs / 20);
  });
});
