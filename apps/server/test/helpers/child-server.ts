import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { newId } from '../../src/db/ids.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Storage {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** A fresh SQLite data dir, or a fresh PostgreSQL database when DATABASE_URL is set. */
export async function freshStorage(): Promise<Storage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-child-'));
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `sl_child_${newId()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  url: string;
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code (or signal) once the process has gone. */
  exited: Promise<number | string>;
}

/**
 * The real server program (src/main.ts) in its own process. tsx is loaded into that process
 * (`--import tsx`), not run as a wrapper: tsx's command line starts the program as a second
 * process, so a SIGKILL sent to the wrapper would leave the server itself running.
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${port}`;
  // Generous: tsx compiles the server as it starts, slow on a loaded two-core machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, output, exited };
}
