/**
 * The scenarios of bench/README.md, run against one database: the server and the baseline are
 * started over a copy of the seed, signed in once, and each wanted scenario adds its line.
 */
import { dropRunDatabase, prepareDatabase } from './databases.js';
import pg from 'pg';
import { cores, keptOff, log, only, pin, quick, seconds } from './options.js';
import {
  load,
  openLoad,
  pinLoadGenerator,
  pinPostgres,
  placement,
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
  /** The server's environment: scenario 7d starts a second instance with it. */
  serverEnv: Record<string, string>;
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

/** The last whole calendar month before `today` (YYYY-MM-DD): [first day, last day]. */
function lastMonth(today: string): [string, string] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

/**
 * 9 site stock on the large site (issue 25), 10 clients, held to the dashboard's budget: 9a on
 * hand for every item (GET …/stock), 9b the period statement of the last whole month (GET
 * …/stock/statement?from&to: opening, in, out and closing per item).
 */
async function stockScenarios(b: Bench): Promise<void> {
  const { db, server, site, headers, get, want, add } = b;
  const [from, to] = lastMonth(b.seeded.today);
  const reads: [string, string][] = [
    ['9a stock on hand', `${site}/stock`],
    ['9b stock statement, a month', `${site}/stock/statement?from=${from}&to=${to}`],
  ];
  for (const [name, path] of reads) {
    if (!want(name.slice(0, 2))) continue;
    // Once first: the answer's size and how long it takes cold (summed from the ledger, as after
    // any write to the site) for the note; the load then reads what the site memo keeps.
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, { headers });
    const body = await response.text();
    const cold = Math.round(performance.now() - started);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    const rows = (JSON.parse(body) as { items: unknown[] }).items.length;
    const ours = await load(server.url, server.pid, [get(path)], 10);
    add({
      db,
      scenario: `${name} (10 clients)`,
      ours,
      target: 'p95 ≤ 50 ms',
      met: ours.p95 <= 50,
      note: `${rows} items, ${(Buffer.byteLength(body) / 1024).toFixed(0)} KB a response, ${cold} ms cold${
        name.startsWith('9b') ? `, ${from} – ${to}` : ''
      }`,
    });
  }
}

/**
 * 10 the budget report on the large site (issue 45), 10 clients, held to the dashboard's budget
 * (p95 ≤ 50 ms): every line's stored figures, its quantity view and the totals.
 */
async function budgetScenario(b: Bench): Promise<void> {
  const { db, server, site, headers, get, want, add } = b;
  if (!want('10')) return;
  const path = `${site}/reports/budget`;
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers });
  const body = await response.text();
  const cold = Math.round(performance.now() - started);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
  const lines = (JSON.parse(body) as { lines: unknown[] }).lines.length;
  const ours = await load(server.url, server.pid, [get(path)], 10);
  add({
    db,
    scenario: '10 budget report (10 clients)',
    ours,
    target: 'p95 ≤ 50 ms',
    met: ours.p95 <= 50,
    note: `${lines} lines, ${(Buffer.byteLength(body) / 1024).toFixed(0)} KB a response, ${cold} ms cold`,
  });
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

/** Scenario 7's writers: payments per second offered in all, over 10 connections (issue 22). */
const WRITE_RATE = 50;
/** Scenario 7's open-loop readers' sockets: enough that the rate, not these, limits them. */
const READER_SOCKETS = 200;
/** Scenario 6b's accounts: its targets pay from them in turn. */
const ACCOUNTS = 20;

type Target = { vendor: string; account: string; deliveries: string[]; note: string };

/**
 * 6 create a payment with 3 allocations and a credit note from one account, 6b the same from 20
 * accounts in turn; 7 readers beside such writers.
 */
async function paymentScenarios(b: Bench, items: Items): Promise<void> {
  const { db, server, baseline, site, headers, baselineHeaders, want, add } = b;
  if (!want('6') && !want('6b') && !want('7')) return;
  const accounts = (
    await json<Items>(`${server.url}${site}/accounts?perPage=50`, { headers })
  ).items.map((a) => a.id);
  const post = <T>(p: string, body: unknown) =>
    json<T>(`${server.url}${site}${p}`, {
      method: 'POST',
      headers: { ...headers },
      body: JSON.stringify(body),
    });
  // Payments: each pays three fresh deliveries of its own vendor and spends that vendor's only
  // credit note whole (so no older note stands in the way, whatever order they arrive in). Each
  // scenario has its own targets, so none starts on targets another has paid.
  const prepare = async (pool: string, n: number, payFrom: string[]): Promise<Target[]> => {
    const targets: Target[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        for (let i = lane; i < n; i += 4) {
          const vendor = (await post<{ id: string }>('/vendors', { name: `Payee ${pool}-${i}` }))
            .id;
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
          targets.push({
            vendor,
            account: payFrom[i % payFrom.length]!,
            deliveries: ids,
            note: note.id,
          });
        }
      }),
    );
    log(`  prepared ${targets.length} payment targets for ${pool}`);
    return targets;
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
          account: next.account,
          amount: 3000,
          payment_date: '2026-11-22',
          delivery_allocations: next.deliveries.map((delivery) => ({ delivery, amount: 1000 })),
          credit_note_allocations: [{ credit_note: next.note, amount: 500 }],
        }),
      };
    };
  };
  const payDuration = Math.min(seconds, 5);
  const pay = async (scenario: string, targets: Target[], floor: number) => {
    const ours = await load(
      server.url,
      server.pid,
      paymentRequests(targets, headers),
      10,
      payDuration,
    );
    // The baseline pays the same targets again: it refuses nothing, so every answer is the
    // whole transaction (writes.ts), paid amounts and balances merely going past the dues.
    const base = await load(
      baseline.url,
      baseline.pid,
      paymentRequests(targets, baselineHeaders),
      10,
      payDuration,
    );
    // The baseline may still be finishing what autocannon left in flight: on SQLite our next
    // write (a deferred transaction) would meet its lock and fail at once with SQLITE_BUSY.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Refusals (a target already paid) are quick: the target counts payments only.
    const paid = ours.rps - ours.non2xx / payDuration;
    add({
      db,
      scenario,
      ours,
      baseline: base,
      target: db === 'pg' ? `≥ ${floor}/s` : '—',
      met: db === 'pg' ? paid >= floor : null,
      note: ours.non2xx
        ? `${ours.non2xx} answers past the ${targets.length} prepared targets are refusals (each target pays once), which flatters our rate; payments alone ${paid.toFixed(0)}/s`
        : undefined,
    });
  };
  // A full run's targets outlast 600 payments/s; --quick's run out (its rate is flattered, as
  // noted), 6b's the sooner: preparing them is most of what these scenarios cost a smoke run.
  if (want('6'))
    await pay(
      '6 create payment, 3 alloc + note',
      await prepare('6', quick ? 300 : 3000, accounts.slice(0, 1)),
      150,
    );
  if (want('6b')) {
    // The site's accounts made up to twenty, each opening far above what it will pay.
    const spread = accounts.slice(0, ACCOUNTS);
    for (let n = spread.length; n < ACCOUNTS; n += 1) {
      const created = await post<{ id: string }>('/accounts', {
        name: `Bench account ${n + 1}`,
        type: 'bank',
        opening_balance: 50_000_000,
      });
      spread.push(created.id);
    }
    await pay(
      '6b create payment, 20 accounts',
      await prepare('6b', quick ? 100 : 3000, spread),
      400,
    );
  }
  if (want('7')) {
    // 7c pays WRITE_RATE a second for its duration; 7d as much again (PostgreSQL, full runs).
    // --quick keeps 7a–7c short.
    const mixDuration = quick ? 2 : payDuration;
    const phases = db === 'pg' && !quick ? 2 : 1;
    const targets = await prepare(
      '7',
      WRITE_RATE * mixDuration * phases + 20,
      accounts.slice(0, 1),
    );
    await mixedScenarios(b, paymentRequests(targets, headers), mixDuration);
  }
}

/**
 * 7 the deliveries list's readers beside payment writers. 7a: 50 readers alone, closed loop, find
 * the rate R they sustain; 7b: readers arriving at 0.6 R alone, open loop; 7c: the same beside 10
 * writers at 50 payments/s in all (target: reader p95 ≤ 2× 7b's); 7d (PostgreSQL, full runs): 7c
 * over two server instances, one per core, requests alternating between them.
 */
async function mixedScenarios(b: Bench, writes: () => Request, duration: number): Promise<void> {
  const { db, server, site, get, add } = b;
  const reading = [get(`${site}/deliveries${deliveryLists(b.seeded)[0]![1]}`)];
  const alone = await load(server.url, server.pid, reading, 50, duration);
  const rate = Math.max(1, Math.round(0.6 * alone.rps));
  add({
    db,
    scenario: '7a 50 readers alone, closed loop',
    ours: alone,
    target: '—',
    met: null,
    note: `R = ${alone.rps.toFixed(0)} reads/s sustained; 7b–7d offer 0.6 R = ${rate} reads/s`,
  });
  const readers = (servers: Running[]) =>
    openLoad(
      servers.map((s) => s.url),
      servers.map((s) => s.pid),
      reading,
      rate,
      READER_SOCKETS,
      duration,
    );
  const beside = async (servers: Running[]) => {
    const [read, written] = await Promise.all([
      readers(servers),
      openLoad(
        servers.map((s) => s.url),
        servers.map((s) => s.pid),
        writes,
        WRITE_RATE,
        10,
        duration,
      ),
    ]);
    return { read, written };
  };
  const writersNote = (w: Figures) =>
    `the writers meanwhile: ${w.rps.toFixed(0)} payments/s of ${WRITE_RATE} offered, p95 ${w.p95} ms` +
    (w.non2xx ? `, ${w.non2xx} refused` : '') +
    (w.errors ? `, ${w.errors} errors` : '');
  const open = await readers([server]);
  add({
    db,
    scenario: '7b readers at 0.6 R alone',
    ours: open,
    target: '—',
    met: null,
    note: `${rate} reads/s offered, open loop`,
  });
  const mixed = await beside([server]);
  add({
    db,
    scenario: '7c readers at 0.6 R + 50 writes/s',
    ours: mixed.read,
    target: `reader p95 ≤ 2× ${open.p95} ms`,
    met: mixed.read.p95 <= 2 * Math.max(open.p95, 1),
    note: `reader p95 ${(mixed.read.p95 / Math.max(open.p95, 1)).toFixed(2)}× 7b's; ${writersNote(mixed.written)}`,
  });
  if (db !== 'pg' || quick) return;
  // docs/SCALING.md's deployment on this machine: a second instance on the other core, the load
  // generator free to run on either.
  const second = await startProcess(['apps/server/dist/main.js'], b.serverEnv, 1);
  pinLoadGenerator(`0-${cores - 1}`);
  try {
    const both = [server, second];
    // Its first answers would be cold (compiling, its pool, its kept answers).
    await load(second.url, second.pid, reading, 10, 1);
    const twoAlone = await readers(both);
    const two = await beside(both);
    add({
      db,
      scenario: '7d as 7c over 2 server instances',
      ours: two.read,
      target: `reader p95 ≤ 2× ${twoAlone.p95} ms`,
      met: two.read.p95 <= 2 * Math.max(twoAlone.p95, 1),
      note:
        `the same readers alone over the two instances: ${twoAlone.rps.toFixed(0)}/s, p95 ${twoAlone.p95} ms; ` +
        `reader p95 ${(two.read.p95 / Math.max(twoAlone.p95, 1)).toFixed(2)}× that, ` +
        `${(two.read.p95 / Math.max(open.p95, 1)).toFixed(2)}× 7b's (one instance); ` +
        `${writersNote(two.written)}; RSS is the larger instance's`,
    });
  } finally {
    pinLoadGenerator(loadGeneratorCore);
    await second.stop();
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
/** The load generator's core in the run in progress (7d spreads it over both, then puts it back). */
let loadGeneratorCore = '1';

/**
 * Where a run's processes go. SQLite: the server on core 0, the load generator on core 1. On
 * PostgreSQL the database gets the last core to itself, as on a machine of its own
 * (docs/SCALING.md), and the server and the load generator share core 0 (bench/README.md).
 */
async function placeProcesses(db: string, env: Record<string, string>) {
  const nothing = { restore: () => {} };
  if (!pin) {
    placement[db] = 'not pinned';
    return nothing;
  }
  if (db !== 'pg') {
    placement[db] = 'server on core 0, load generator on core 1';
    pinLoadGenerator('1');
    return nothing;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
  const database = String(cores - 1);
  // While the connection is open: its backend's parent is the postmaster.
  const pinned = pinPostgres(backend.pid, database);
  await client.end();
  if (!pinned.placed) {
    placement[db] = `server on core 0, load generator on core 1, ${pinned.why}`;
    pinLoadGenerator('1');
    return nothing;
  }
  loadGeneratorCore = '0';
  pinLoadGenerator(loadGeneratorCore);
  placement[db] = `${pinned.why}, server and load generator on core 0`;
  return {
    restore: () => {
      pinned.restore();
      loadGeneratorCore = '1';
      pinLoadGenerator(loadGeneratorCore);
    },
  };
}

export async function runDatabase(db: string, lines: Line[]): Promise<void> {
  const { env, seeded } = await prepareDatabase(db);
  log(`\n${db}: seed ${JSON.stringify(seeded.counts)}`);
  const serverEnv = {
    ...env,
    DEFAULT_PLAN: 'Basic',
    AUTH_RATE_LIMIT: '0',
    WEB_DIST_DIR: '/nonexistent',
    SITE_READ_CACHE: keptOff ? 'off' : 'on',
  };
  const placed = await placeProcesses(db, env);
  log(`${db}: ${placement[db]}`);
  const server = await startProcess(['apps/server/dist/main.js'], serverEnv);
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
      serverEnv,
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
    await stockScenarios(bench);
    await budgetScenario(bench);
    const items = await deliveryScenario(bench);
    await paymentScenarios(bench, items);
    await exportScenario(bench);
  } finally {
    await server.stop();
    await baseline.stop();
    await dropRunDatabase(env);
    placed.restore();
  }
}
