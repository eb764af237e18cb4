/**
 * The processes of a benchmark run: the server and the baseline started on their own core, their
 * memory watched, and autocannon's load against them turned into figures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { cores, pin, root, seconds } from './options.js';

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

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `script` under node, on `core` when pinning (a second server instance takes core 1). */
export async function startProcess(
  script: string[],
  env: Record<string, string>,
  core = 0,
): Promise<Running> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles our server only.
  const ours = script.some((part) => part.endsWith('main.js'));
  const extra = ours ? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
  const node = [...extra, ...script];
  const command = pin ? 'taskset' : process.execPath;
  const argv = pin ? ['-c', String(core), process.execPath, ...node] : node;
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
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

export function watchRss(pid: number) {
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

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU milliseconds used so far by `pids` (user + system, from /proc/<pid>/stat). */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / TICKS;
}

/** The database's processes while the run has placed them (pinPostgres), for their CPU time. */
let databasePids: (() => number[]) | null = null;

export interface Figures {
  rps: number;
  /**
   * CPU milliseconds per answered request: the server's, and (PostgreSQL placed by the run) the
   * database's processes'. What a core of its own would give, whatever else shares the machine.
   */
  cpu?: { server: number; database?: number };
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  rss: number;
}

export type Request = {
  method?: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
};

export async function load(
  url: string,
  pid: number,
  requests: Request[] | (() => Request),
  connections: number,
  duration = seconds,
): Promise<Figures> {
  const rss = watchRss(pid);
  const cpuBefore = cpuMs([pid]);
  const dbBefore = databasePids ? cpuMs(databasePids()) : 0;
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
  const answered = Math.max(result.requests.total, 1);
  return {
    rps: result.requests.average,
    cpu: {
      server: (cpuMs([pid]) - cpuBefore) / answered,
      ...(databasePids ? { database: (cpuMs(databasePids()) - dbBefore) / answered } : {}),
    },
    p50: latency.p50 ?? 0,
    p95:
      latency.p97_5 !== undefined && latency.p95 === undefined ? latency.p97_5 : (latency.p95 ?? 0),
    p99: latency.p99 ?? 0,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rss: memory.peak,
  };
}

/**
 * Moves this process (the load generator) to `cpus` (a `taskset -cp` list: '1', '0-1'): scenario
 * 7d runs a server on each core and lets the load generator run wherever there is room.
 */
export function pinLoadGenerator(cpus: string): void {
  if (pin) spawnSync('taskset', ['-cp', cpus, String(process.pid)], { stdio: 'ignore' });
}

/** How each database's run placed its processes (`placeProcesses` in scenarios.ts), for the report. */
export const placement: Record<string, string> = {};

/** The parent pid of `pid` (field 4 of /proc/<pid>/stat, after the command's parentheses). */
function parentOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** The postmaster and every process it has forked (backends, checkpointer, WAL writer…). */
function postgresProcesses(postmaster: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => parentOf(pid) === postmaster);
  return [postmaster, ...children];
}

const affinity = (pid: number, cpus: string) =>
  spawnSync('taskset', ['-a', '-c', '-p', cpus, String(pid)], { stdio: 'ignore' }).status === 0;

/**
 * Puts the PostgreSQL server on `cpus` (its postmaster, whose later backends inherit it, and the
 * processes it has already forked), so the database has a core of its own as on its own machine
 * (docs/SCALING.md). `backendPid` is any connection's `pg_backend_pid()`: its parent is the
 * postmaster. Only a server on this machine (its /proc entry visible) can be placed; otherwise
 * the reason is returned and nothing moves. `restore` puts the processes back on every core.
 */
export function pinPostgres(
  backendPid: number,
  cpus: string,
): { placed: boolean; why: string; restore(): void } {
  const nothing = () => {};
  if (!pin)
    return {
      placed: false,
      why: 'not pinned (fewer than 2 cores or no taskset)',
      restore: nothing,
    };
  const postmaster = parentOf(backendPid);
  if (!postmaster) {
    return { placed: false, why: 'PostgreSQL is not a process of this machine', restore: nothing };
  }
  const every = `0-${cores - 1}`;
  const placed = postgresProcesses(postmaster).filter((pid) => affinity(pid, cpus));
  if (!placed.includes(postmaster)) {
    return { placed: false, why: 'taskset could not move the postmaster', restore: nothing };
  }
  // Other clients' backends count too: a quiet server is assumed while it is measured.
  databasePids = () => postgresProcesses(postmaster);
  return {
    placed: true,
    why: `PostgreSQL (postmaster ${postmaster} and its processes) on core ${cpus}`,
    // Backends forked meanwhile inherited the pinned mask: every process is moved back.
    restore: () => {
      databasePids = null;
      postgresProcesses(postmaster).forEach((pid) => affinity(pid, every));
    },
  };
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? 0
    : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);

/**
 * Open-loop load (scenario 7): requests start at `rate` per second, evenly spaced, however long
 * the answers take, round-robin over `urls`, with up to `connections` sockets shared out among
 * them (beyond that a request waits for one). Latency counts from when a request was due, so a server that
 * falls behind shows it. Not autocannon's `overallRate`: that sends each connection's share back
 * to back at the start of every second, all connections in step, so its p95 would measure that
 * burst; and its latency correction assumes a 1 ms interval, thinning the tail.
 */
export async function openLoad(
  urls: string[],
  pids: number[],
  requests: Request[] | (() => Request),
  rate: number,
  connections: number,
  duration = seconds,
): Promise<Figures> {
  const watches = pids.map((pid) => watchRss(pid));
  const agents = urls.map(
    () => new http.Agent({ keepAlive: true, maxSockets: Math.ceil(connections / urls.length) }),
  );
  const targets = urls.map((url) => new URL(url));
  const next = (i: number) =>
    Array.isArray(requests) ? requests[i % requests.length]! : requests();
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let answered = 0;
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const { method = 'GET', path, body, headers = {} } = next(i);
      let settled = false;
      const settle = (ok: boolean, status = 0) => {
        if (settled) return;
        settled = true;
        if (!ok) errors += 1;
        else {
          answered += 1;
          if (status >= 200 && status < 300) latencies.push(performance.now() - due);
          else non2xx += 1;
        }
        resolve();
      };
      const target = targets[i % urls.length]!;
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          agent: agents[i % urls.length],
          method,
          path,
          headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
          timeout: 10_000,
        },
        (response) => {
          response.on('end', () => settle(true, response.statusCode ?? 0));
          response.on('error', () => settle(false));
          response.resume();
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => settle(false));
      request.end(body);
    });
  const interval = 1000 / rate;
  const total = Math.max(1, Math.floor(rate * duration));
  const sent: Promise<void>[] = [];
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent.length < total && start + sent.length * interval <= now)
        sent.push(send(sent.length, start + sent.length * interval));
      if (sent.length >= total) resolve();
      else setTimeout(tick, Math.max(0, start + sent.length * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(sent);
  const elapsed = (performance.now() - start) / 1000;
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: answered / Math.max(elapsed, duration),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
    non2xx,
    rss: Math.max(...watches.map((watch) => watch.stop().peak)),
  };
}
