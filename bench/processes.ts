/**
 * The processes of a benchmark run: the server and the baseline started on their own core, their
 * memory watched, and autocannon's load against them turned into figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import autocannon from 'autocannon';
import { pin, root, seconds } from './options.js';

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

export async function startProcess(
  script: string[],
  env: Record<string, string>,
): Promise<Running> {
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

export interface Figures {
  rps: number;
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
