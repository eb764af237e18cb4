/**
 * The scenarios of bench/README.md, run against one database: the server and the baseline are
 * started over a copy of the seed, signed in once, and each wanted scenario adds its line.
 */
import { dropRunDatabase, prepareDatabase } from './databases.js';
import { keptOff, log, only, quick, seconds } from './options.js';
import {
  load,
  rssMb,
  startProcess,
  watchRss,
  type Figures,
  type Request,
  type Running,
} from './processes.js';
import { logLine, type Line } from './report.js';
import { PASSWORD, type SeedResult } from './seed.js';

/** What every scenario needs: the two servers, a signed-in session on the large site. */
interface Bench {
  db: string;
  server: Running;
  baseline: Running;
  seeded: SeedResult;
  /** `/api/sites/<the large site>`. */
  site: string;
  headers: Record<string, string>;
  /** The baseline's writes name their user (it has no sessions): `x-user-id`. */
  baselineHeaders: Record<string, string>;
  get(path: string): Request;
  want(name: string): boolean;
  add(line: Line): void;
}

type Items = { items: { id: string }[] };

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const readTarget = (ours: Figures, base: Figures) =>
  ours.rps >= 0.7 * base.rps && ours.p95 <= Math.max(2 * base.p95, 1);

/** Scenario 2's lists: [name, query]; 7 reads the first. */
const deliveryLists = (seeded: SeedResult): [string, string][] => [
  ['2a deliveries page 1', '?page=1&perPage=30&expand=vendor'],
  [
    '2b deliveries page 200',
    `?page=${Math.min(200, Math.max(1, Math.floor((seeded.counts.deliveries ?? 30) / 30)))}&perPage=30&expand=vendor`,
  ],
  ['2c deliveries by vendor', `?perPage=30&expand=vendor&vendor=${seeded.busiestVendor}`],
  ['2d deliveries by date range', '?perPage=30&expand=vendor&from=2024-01-01&to=2024-03-31'],
];

/** 1 health, 2 the deliveries lists, 3 the busiest vendor's ledger, 4 the dashboard. */
async function readScenarios(b: Bench): Promise<void> {
  const { db, server, baseline, site, get, want, add } = b;
  if (want('1')) {
    const ours = await load(server.url, server.pid, [get('/api/health')], 10);
    const base = await load(baseline.url, baseline.pid, [get('/api/health')], 10);
    add({
      db,
      scenario: '1 health',
      ours,
      baseline: base,
      target: '≥0.7× rps, p95 ≤2×',
      met: readTarget(ours, base),
    });
  }
  for (const [name, query] of deliveryLists(b.seeded)) {
    if (!want(name.slice(0, 2))) continue;
    const ours = await load(server.url, server.pid, [get(`${site}/deliveries${query}`)], 10);
    const base = await load(baseline.url, baseline.pid, [get(`${site}/deliveries${query}`)], 10);
    add({
      db,
      scenario: name,
      ours,
      baseline: base,
      target: '≥0.7× rps, p95 ≤2×',
      met: readTarget(ours, base),
    });
  }
  if (want('3')) {
    const ledger = [get(`${site}/vendors/${b.seeded.busiestVendor}/ledger?perPage=30`)];
    const ours = await load(server.url, server.pid, ledger, 10);
    const base = await load(baseline.url, baseline.pid, ledger, 10);
    add({
      db,
      scenario: '3 ledger of busiest vendor',
      ours,
      baseline: base,
      target: '≥0.7× rps, p95 ≤2×',
      met: readTarget(ours, base),
    });
  }
  if (want('4')) {
    const dashboard = [get(`${site}/dashboard`)];
    const ours = await load(server.url, server.pid, dashboard, 10);
    const base = await load(baseline.url, baseline.pid, dashboard, 10);
    add({
      db,
      scenario: '4 dashboard (10 clients)',
      ours,
      baseline: base,
      target: 'p95 ≤ 50 ms',
      met: ours.p95 <= 50,
    });
  }
}

/** 5 create a delivery with 10 lines (the site's first 10 items); returns those items. */
async function deliveryScenario(b: Bench): Promise<Items> {
  const { db, server, baseline, site, headers, baselineHeaders, want, add } = b;
  const items = await json<Items>(`${server.url}${site}/items?perPage=10`, { headers });
  const vendorsPage = await json<Items>(`${server.url}${site}/vendors?perPage=50`, { headers });
  const deliveryBody = (i: number) =>
    JSON.stringify({
      vendor: vendorsPage.items[i % vendorsPage.items.length]!.id,
      delivery_date: '2026-11-20',
      delivery_reference: `BENCH-${i}`,
      delivery_items: items.items.map((item, n) => ({
        item: item.id,
        quantity: 1 + n,
        unit_price: 100,
      })),
    });
  let created = 0;
  if (want('5')) {
    const ours = await load(
      server.url,
      server.pid,
      () => ({
        method: 'POST',
        path: `${site}/deliveries`,
        headers: { ...headers },
        body: deliveryBody(created++),
      }),
      10,
    );
    const base = await load(
      baseline.url,
      baseline.pid,
      () => ({
        method: 'POST',
        path: `${site}/deliveries`,
        headers: { ...baselineHeaders },
        body: deliveryBody(created++),
      }),
      10,
    );
    add({
      db,
      scenario: '5 create delivery, 10 lines',
      ours,
      baseline: base,
      target: db === 'sqlite' ? '≥ 500/s' : '—',
      met: db === 'sqlite' ? ours.rps >= 500 : null,
    });
  }
  return items;
}

/** 6 create a payment with 3 allocations and a credit note; 7 readers beside those writers. */
async function paymentScenarios(b: Bench, items: Items): Promise<void> {
  const { db, server, baseline, site, headers, baselineHeaders, get, want, add } = b;
  // Payments: each pays three fresh deliveries of its own vendor and spends that vendor's only
  // credit note whole (so no older note stands in the way, whatever order they arrive in).
  const account = (await json<Items>(`${server.url}${site}/accounts`, { headers })).items[0]!.id;
  type Target = { vendor: string; deliveries: string[]; note: string };
  const prepared: Target[] = [];
  const post = <T>(p: string, body: unknown) =>
    json<T>(`${server.url}${site}${p}`, {
      method: 'POST',
      headers: { ...headers },
      body: JSON.stringify(body),
    });
  const prepare = async (n: number) => {
    await Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        for (let i = lane; i < n; i += 4) {
          const vendor = (await post<{ id: string }>('/vendors', { name: `Payee ${i}` })).id;
          const ids: string[] = [];
          for (let d = 0; d < 3; d += 1) {
            const delivery = await post<{ id: string }>('/deliveries', {
              vendor,
              delivery_date: '2026-11-21',
              delivery_items: [{ item: items.items[0]!.id, quantity: 1, unit_price: 1000 }],
            });
            ids.push(delivery.id);
          }
          const note = await post<{ id: string }>('/vendor_credit_notes', {
            vendor,
            credit_amount: 500,
            issue_date: '2020-01-01',
          });
          prepared.push({ vendor, deliveries: ids, note: note.id });
        }
      }),
    );
  };
  const paymentRequests = (targets: Target[], sent: Record<string, string>) => {
    let paid = 0;
    return (): Request => {
      const next = targets[paid++ % Math.max(1, targets.length)]!;
      return {
        method: 'POST',
        path: `${site}/payments`,
        headers: { ...sent },
        body: JSON.stringify({
          vendor: next.vendor,
          account,
          amount: 3000,
          payment_date: '2026-11-22',
          delivery_allocations: next.deliveries.map((delivery) => ({ delivery, amount: 1000 })),
          credit_note_allocations: [{ credit_note: next.note, amount: 500 }],
        }),
      };
    };
  };
  const paymentRequest = paymentRequests(prepared, headers);
  if (!want('6') && !want('7')) return;
  const payDuration = Math.min(seconds, 5);
  await prepare(quick ? 300 : 3000);
  log(`  prepared ${prepared.length} payment targets`);
  if (want('6')) {
    const ours = await load(server.url, server.pid, paymentRequest, 10, payDuration);
    // The baseline pays the same targets again: it refuses nothing, so every answer is the
    // whole transaction (writes.ts), paid amounts and balances merely going past the dues.
    const base = await load(
      baseline.url,
      baseline.pid,
      paymentRequests(prepared, baselineHeaders),
      10,
      payDuration,
    );
    add({
      db,
      scenario: '6 create payment, 3 alloc + note',
      ours,
      baseline: base,
      target: '—',
      met: null,
      note: ours.non2xx
        ? 'answers past the prepared targets are refusals (each target pays once), which flatters our rate'
        : undefined,
    });
  }
  if (want('7')) {
    // The reference is the same 50 readers on their own, then they run beside 10 writers.
    const reading = [get(`${site}/deliveries${deliveryLists(b.seeded)[0]![1]}`)];
    const alone = await load(server.url, server.pid, reading, 50, payDuration);
    add({ db, scenario: '7a 50 readers alone', ours: alone, target: '—', met: null });
    const writers = load(server.url, server.pid, paymentRequest, 10, payDuration);
    const readers = await load(server.url, server.pid, reading, 50, payDuration);
    const written = await writers;
    add({
      db,
      scenario: '7b 50 readers beside 10 writers',
      ours: readers,
      target: `reader p95 ≤ 1.5× ${alone.p95} ms`,
      met: readers.p95 <= 1.5 * Math.max(alone.p95, 1),
      note: `the 10 writers meanwhile: ${written.rps.toFixed(0)} payments/s, p95 ${written.p95} ms`,
    });
  }
}

/** 8 the busiest vendor's CSV export, with the server's memory watched. */
async function exportScenario(b: Bench): Promise<void> {
  const { db, server, site, headers, add } = b;
  if (!b.want('8')) return;
  const before = rssMb(server.pid);
  const rss = watchRss(server.pid);
  const started = Date.now();
  const response = await fetch(
    `${server.url}${site}/vendors/${b.seeded.busiestVendor}/export?format=csv`,
    { headers },
  );
  const text = await response.text();
  const memory = rss.stop();
  const rows = text.split('\n').length;
  const ms = Date.now() - started;
  add({
    db,
    scenario: `8 CSV export (${rows} lines)`,
    ours: {
      rps: 1000 / ms,
      p50: ms,
      p95: ms,
      p99: ms,
      errors: response.ok ? 0 : 1,
      non2xx: response.ok ? 0 : 1,
      rss: memory.peak,
    },
    target: 'RSS growth ≤ 50 MB',
    met: memory.peak - before <= 50,
    note: `RSS ${before.toFixed(0)} → ${memory.peak.toFixed(0)} MB`,
  });
}

/** Every wanted scenario on `db`, each adding its line to `lines`. */
export async function runDatabase(db: string, lines: Line[]): Promise<void> {
  const { env, seeded } = await prepareDatabase(db);
  log(`\n${db}: seed ${JSON.stringify(seeded.counts)}`);
  const server = await startProcess(['apps/server/dist/main.js'], {
    ...env,
    DEFAULT_PLAN: 'Basic',
    AUTH_RATE_LIMIT: '0',
    WEB_DIST_DIR: '/nonexistent',
    SITE_READ_CACHE: keptOff ? 'off' : 'on',
  });
  const baseline = await startProcess(['--import', 'tsx', 'bench/baseline/server.ts'], {
    BASELINE_DB: db,
    DATA_DIR: env.DATA_DIR!,
    DATABASE_URL: env.DATABASE_URL ?? '',
  });
  try {
    const auth = await json<{ token: string; user: { id: string } }>(
      `${server.url}/api/auth/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: seeded.email, password: PASSWORD }),
      },
    );
    const headers = { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' };
    const bench: Bench = {
      db,
      server,
      baseline,
      seeded,
      site: `/api/sites/${seeded.siteId}`,
      headers,
      baselineHeaders: { 'content-type': 'application/json', 'x-user-id': auth.user.id },
      get: (p) => ({ method: 'GET', path: p, headers: { ...headers } }),
      want: (name) => !only || name.startsWith(only),
      add: (line) => {
        lines.push(line);
        logLine(line);
      },
    };
    await readScenarios(bench);
    const items = await deliveryScenario(bench);
    await paymentScenarios(bench, items);
    await exportScenario(bench);
  } finally {
    await server.stop();
    await baseline.stop();
    await dropRunDatabase(env);
  }
}
