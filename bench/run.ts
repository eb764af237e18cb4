/**
 * `npm run bench` — the benchmark harness of issue 9 (bench/README.md). Seeds the books through
 * the service layer (cached), starts the built server (`apps/server/dist/main.js`) and the
 * framework-free baseline, drives them with autocannon over real sessions, and writes
 * bench/RESULTS.md (or bench/RESULTS-quick.md with --quick).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrationProvider } from '../apps/server/src/db/migrations/index.js';
import { FULL, PASSWORD, scaled, seed, type SeedResult, type SeedSize } from './seed.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const quick = args.includes('--quick');
const scale = Number(option('scale') ?? (quick ? 0.02 : 1));
const size: SeedSize = scale >= 1 ? FULL : scaled(scale);
const databases =
  (option('db') ?? (quick ? 'sqlite' : 'both')) === 'both'
    ? ['sqlite', 'pg']
    : [option('db') ?? 'sqlite'];
const seconds = Number(option('duration') ?? (quick ? 3 : 10));
const only = option('only');
// `--kept off` runs the server with SITE_READ_CACHE=off: every dashboard, ledger and list total
// recomputed (bench/RESULTS-kept-off.md), to read the kept answers' share of the figures.
const keptOff = option('kept') === 'off';
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cores = os.availableParallelism();
const pin = cores >= 2 && spawnSync('taskset', ['--version']).status === 0;
const log = (line: string) => console.log(line);

// The load generator (this process) on core 1, servers on core 0.
if (pin) spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output.join('')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer:\n${output.join('')}`);
}

interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function startProcess(script: string[], env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const command = pin ? 'taskset' : process.execPath;
  const argv = pin ? ['-c', '0', process.execPath, ...script] : script;
  const child = spawn(command, argv, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  let stopping = false;
  // A server that dies under load says why (its last output), instead of only ECONNREFUSED.
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `${script.join(' ')} exited (${code ?? signal}):\n${output.join('').slice(-4000)}`,
      );
  });
  await waitFor(`${url}/api/health`, child, output);
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      stopping = true;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The resident memory of a process (and its children: taskset execs, so it is the same pid). */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

function watchRss(pid: number) {
  let peak = rssMb(pid);
  const start = peak;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return { start, peak: Math.max(peak, rssMb(pid)) };
    },
  };
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  rss: number;
}

type Request = { method?: string; path: string; body?: string; headers?: Record<string, string> };

async function load(
  url: string,
  pid: number,
  requests: Request[] | (() => Request),
  connections: number,
  duration = seconds,
): Promise<Figures> {
  const rss = watchRss(pid);
  const list = Array.isArray(requests) ? requests : null;
  const result = await autocannon({
    url,
    connections,
    duration,
    ...(list
      ? { requests: list }
      : {
          requests: [
            {
              setupRequest: (request: Record<string, unknown>) => ({
                ...request,
                ...(requests as () => Request)(),
              }),
            },
          ],
        }),
  } as autocannon.Options);
  const memory = rss.stop();
  const latency = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    p50: latency.p50 ?? 0,
    p95:
      latency.p97_5 !== undefined && latency.p95 === undefined ? latency.p97_5 : (latency.p95 ?? 0),
    p99: latency.p99 ?? 0,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rss: memory.peak,
  };
}

interface Line {
  db: string;
  scenario: string;
  ours: Figures;
  baseline?: Figures;
  target: string;
  met: boolean | null;
  note?: string;
}

async function prepareDatabase(
  db: string,
): Promise<{ env: Record<string, string>; seeded: SeedResult }> {
  const key = `${scale}-${Object.keys(await migrationProvider.getMigrations()).length}`;
  const cacheDir = path.join(root, 'bench/.cache', key);
  const marker = path.join(cacheDir, `seed-${db}.json`);
  if (db === 'sqlite') {
    const seededDir = path.join(cacheDir, 'sqlite');
    if (!fs.existsSync(marker)) {
      fs.rmSync(seededDir, { recursive: true, force: true });
      fs.mkdirSync(seededDir, { recursive: true });
      log(`seeding SQLite (scale ${scale}) through the service layer…`);
      const seeded = await seed({ DATA_DIR: seededDir }, size, (line) => log(line));
      fs.writeFileSync(marker, JSON.stringify(seeded));
    }
    // Each run gets a copy: writes of the create scenarios do not pile up in the cache.
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-bench-'));
    fs.cpSync(seededDir, runDir, { recursive: true });
    return {
      env: { DATA_DIR: runDir, DATABASE_URL: '' },
      seeded: JSON.parse(fs.readFileSync(marker, 'utf8')) as SeedResult,
    };
  }
  const name = `siteledger_bench_${key.replace(/\W/g, '_')}`;
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name]))
    .rowCount;
  if (!exists || !fs.existsSync(marker)) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    fs.mkdirSync(cacheDir, { recursive: true });
    log(`seeding PostgreSQL (scale ${scale}) through the service layer…`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-bench-pg-'));
    const seeded = await seed({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }, size, log);
    fs.writeFileSync(marker, JSON.stringify(seeded));
  } else {
    await admin.end();
  }
  // Each run gets a copy (the seeded database as a template): the create scenarios' rows do not
  // pile up in the seed from one run to the next.
  const copy = `${name}_run`;
  const admin2 = new pg.Client({ connectionString: pgBase });
  await admin2.connect();
  await admin2.query(`drop database if exists ${copy} with (force)`);
  await admin2.query(`create database ${copy} template ${name}`);
  await admin2.end();
  url.pathname = `/${copy}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-bench-pg-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    seeded: JSON.parse(fs.readFileSync(marker, 'utf8')) as SeedResult,
  };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function runDatabase(db: string, lines: Line[]) {
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
    const auth = await json<{ token: string }>(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.email, password: PASSWORD }),
    });
    const headers = { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' };
    const site = `/api/sites/${seeded.siteId}`;
    const get = (p: string): Request => ({ method: 'GET', path: p, headers: { ...headers } });
    const want = (name: string) => !only || name.startsWith(only);
    const add = (line: Line) => {
      lines.push(line);
      const f = line.ours;
      log(
        `${db.padEnd(6)} ${line.scenario.padEnd(34)} ${f.rps.toFixed(0).padStart(6)}/s  p50 ${f.p50} p95 ${f.p95} p99 ${f.p99} ms  rss ${f.rss.toFixed(0)} MB` +
          (line.baseline
            ? `  | baseline ${line.baseline.rps.toFixed(0)}/s p95 ${line.baseline.p95} ms`
            : '') +
          (f.errors || f.non2xx ? `  ERRORS ${f.errors} non-2xx ${f.non2xx}` : '') +
          (line.baseline && (line.baseline.errors || line.baseline.non2xx)
            ? `  BASELINE ERRORS ${line.baseline.errors} non-2xx ${line.baseline.non2xx}`
            : ''),
      );
    };
    const readTarget = (ours: Figures, base: Figures) =>
      ours.rps >= 0.7 * base.rps && ours.p95 <= Math.max(2 * base.p95, 1);

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
    const lists: [string, string][] = [
      ['2a deliveries page 1', '?page=1&perPage=30&expand=vendor'],
      [
        '2b deliveries page 200',
        `?page=${Math.min(200, Math.max(1, Math.floor((seeded.counts.deliveries ?? 30) / 30)))}&perPage=30&expand=vendor`,
      ],
      ['2c deliveries by vendor', `?perPage=30&expand=vendor&vendor=${seeded.busiestVendor}`],
      ['2d deliveries by date range', '?perPage=30&expand=vendor&from=2024-01-01&to=2024-03-31'],
    ];
    for (const [name, query] of lists) {
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
      const ledger = [get(`${site}/vendors/${seeded.busiestVendor}/ledger?perPage=30`)];
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
    const items = await json<{ items: { id: string }[] }>(`${server.url}${site}/items?perPage=10`, {
      headers,
    });
    const vendorsPage = await json<{ items: { id: string }[] }>(
      `${server.url}${site}/vendors?perPage=50`,
      { headers },
    );
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
      add({
        db,
        scenario: '5 create delivery, 10 lines',
        ours,
        target: db === 'sqlite' ? '≥ 500/s' : '—',
        met: db === 'sqlite' ? ours.rps >= 500 : null,
      });
    }
    // Payments: each pays three fresh deliveries of its own vendor and spends that vendor's only
    // credit note whole (so no older note stands in the way, whatever order they arrive in).
    const account = (
      await json<{ items: { id: string }[] }>(`${server.url}${site}/accounts`, { headers })
    ).items[0]!.id;
    const prepared: { vendor: string; deliveries: string[]; note: string }[] = [];
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
    let paid = 0;
    const paymentRequest = (): Request => {
      const next = prepared[paid++ % Math.max(1, prepared.length)]!;
      return {
        method: 'POST',
        path: `${site}/payments`,
        headers: { ...headers },
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
    if (want('6') || want('7')) {
      const payDuration = Math.min(seconds, 5);
      await prepare(quick ? 300 : 3000);
      log(`  prepared ${prepared.length} payment targets`);
      if (want('6')) {
        const ours = await load(server.url, server.pid, paymentRequest, 10, payDuration);
        add({
          db,
          scenario: '6 create payment, 3 alloc + note',
          ours,
          target: '—',
          met: null,
          note: ours.non2xx
            ? 'answers past the prepared targets are refusals (each target pays once)'
            : undefined,
        });
      }
      if (want('7')) {
        // The reference is the same 50 readers on their own, then they run beside 10 writers.
        const reading = [get(`${site}/deliveries${lists[0]![1]}`)];
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
    if (want('8')) {
      const before = rssMb(server.pid);
      const rss = watchRss(server.pid);
      const started = Date.now();
      const response = await fetch(
        `${server.url}${site}/vendors/${seeded.busiestVendor}/export?format=csv`,
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
  } finally {
    await server.stop();
    await baseline.stop();
    if (env.DATA_DIR && !env.DATABASE_URL)
      fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    if (env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: pgBase });
      await admin.connect();
      await admin.query(
        `drop database if exists ${new URL(env.DATABASE_URL).pathname.slice(1)} with (force)`,
      );
      await admin.end();
    }
  }
}

function report(lines: Line[]): string {
  const mem =
    Number(/MemTotal:\s+(\d+)/.exec(fs.readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) /
    1024 /
    1024;
  const out = [
    `# Benchmark results${quick ? ' (quick smoke)' : ''}${keptOff ? ' with SITE_READ_CACHE=off' : ''}`,
    '',
    `${new Date().toISOString()} · ${cores} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${mem.toFixed(1)} GiB · Node ${process.version} · ` +
      `seed scale ${scale} (${size.deliveries} deliveries on the large site) · ${seconds} s per scenario · ` +
      (pin ? 'server on core 0, load generator on core 1' : 'not pinned'),
    '',
    '| db | scenario | req/s | p50 ms | p95 ms | p99 ms | server RSS MB | baseline req/s | baseline p95 | ours/baseline | target | met |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines.map((l) => {
      const f = l.ours;
      const b = l.baseline;
      return `| ${l.db} | ${l.scenario} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.rss.toFixed(0)} | ${b ? b.rps.toFixed(0) : '—'} | ${b ? b.p95 : '—'} | ${b ? (f.rps / Math.max(b.rps, 1)).toFixed(2) : '—'} | ${l.target} | ${l.met === null ? '—' : l.met ? 'yes' : '**no**'} |`;
    }),
    '',
    ...lines.filter((l) => l.note).map((l) => `- ${l.db} ${l.scenario}: ${l.note}`),
    ...[...new Set(lines.map((l) => l.db))].map((db) => {
      const peak = Math.max(...lines.filter((l) => l.db === db).map((l) => l.ours.rss));
      return `- ${db}: peak server RSS ${peak.toFixed(0)} MB over all scenarios (target ≤ 300 MB: ${peak <= 300 ? 'met' : '**missed**'})`;
    }),
  ];
  return `${out.join('\n')}\n`;
}

const lines: Line[] = [];
for (const db of databases) await runDatabase(db, lines);
const text = report(lines);
const file = path.join(
  root,
  quick ? 'bench/RESULTS-quick.md' : keptOff ? 'bench/RESULTS-kept-off.md' : 'bench/RESULTS.md',
);
// The full report carries the hand-written reading of the figures (bench/ANALYSIS.md).
const analysis = path.join(root, 'bench/ANALYSIS.md');
fs.writeFileSync(
  file,
  quick || keptOff || !fs.existsSync(analysis)
    ? text
    : `${text}\n${fs.readFileSync(analysis, 'utf8')}`,
);
log(`\n${text}\nwritten to ${path.relative(root, file)}`);
const failed = lines.filter(
  (l) =>
    l.ours.errors > 0 ||
    (l.ours.non2xx > 0 && !l.scenario.startsWith('6') && !l.scenario.startsWith('7')) ||
    // A baseline that fails answers fast: its figure would flatter it, so the run fails.
    (l.baseline !== undefined && (l.baseline.errors > 0 || l.baseline.non2xx > 0)),
);
if (failed.length > 0) {
  console.error(`errors in: ${failed.map((l) => `${l.db} ${l.scenario}`).join(', ')}`);
  process.exit(1);
}
process.exit(0);
