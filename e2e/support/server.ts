import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FakeRazorpay } from '../../apps/server/test/helpers/fake-razorpay';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuiltServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited early (code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms (${lastError})`);
}

/**
 * Starts the built server (apps/server/dist, serving apps/web/dist) on a free port over a fresh
 * SQLite data directory, with `env` on top of the defaults.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) {
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  }
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      TURNSTILE_SECRET_KEY: '',
      TURNSTILE_SITE_KEY: '',
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      RAZORPAY_WEBHOOK_SECRET: '',
      // Today's caps unless a test says otherwise (unset, a server without payments is unlimited).
      DEFAULT_PLAN: 'Free',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString());
    if (logs.length > 200) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  try {
    // Generous: global-setup starts a server and a Chromium per worker at once, on a busy machine.
    await waitForHealth(baseUrl, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    console.error(logs.join(''));
    throw error;
  }

  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A built server that sells plans through the fake Razorpay, so new sites start on Free. */
export function startServerWithPayments(
  razorpay: FakeRazorpay,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  return startBuiltServer({
    DEFAULT_PLAN: 'Free',
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
    RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
    ...env,
  });
}
