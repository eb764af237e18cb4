/**
 * Crash safety (issue 10): concurrent writers run against the real server process, which is
 * killed with SIGKILL mid-load; after a restart every write the server acknowledged (201) is
 * there, nothing is half-written (the integrity check is clean), and it goes on working. Then
 * SIGTERM: requests in flight finish, and the process exits 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser } from './helpers/api.js';
import { freshStorage, startChildServer, type Storage } from './helpers/child-server.js';

/** SIGKILL rounds: 3 in CI; the long form (`npm run crash -- --rounds 20`) sets CRASH_ROUNDS. */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
/** A round takes a few seconds (load, kill, restart, read back everything acknowledged so far). */
const TIMEOUT_MS = Math.max(180_000, ROUNDS * 60_000);
let storage: Storage;

beforeAll(async () => {
  storage = await freshStorage();
});
afterAll(async () => {
  await storage?.dispose();
});

async function integrity(): Promise<string[]> {
  const config = loadConfig({ ...storage.env });
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const found = await checkIntegrity(db.kysely);
    return found.length ? [formatViolations(found)] : [];
  } finally {
    await db.close();
  }
}

describe('crash safety', () => {
  const title = `keeps every acknowledged write through ${ROUNDS} SIGKILLs under load`;
  it(title, { timeout: TIMEOUT_MS }, async () => {
    const env = { ...storage.env, DEFAULT_PLAN: 'Basic' };
    let server = await startChildServer(env);
    const owner = await registerUser(server.url);
    const siteId = (await createSite(server.url, owner.token)).id;
    const post = async (base: string, path: string, body: unknown) =>
      call<{ id: string }>(base, 'POST', `/api/sites/${siteId}${path}`, {
        token: owner.token,
        body,
      });
    const vendor = (await post(server.url, '/vendors', { name: 'Shree Traders' })).body.id;
    const item = (await post(server.url, '/items', { name: 'Cement', unit: 'bag' })).body.id;
    const account = (
      await post(server.url, '/accounts', { name: 'HDFC', type: 'bank', opening_balance: 1e7 })
    ).body.id;

    const acknowledged: { path: string; id: string }[] = [];
    let attempts = 0;
    const started = Date.now();
    for (let round = 1; round <= ROUNDS; round += 1) {
      const roundStarted = Date.now();
      const ackedBefore = acknowledged.length;
      const base = server.url;
      let stop = false;
      const writer = async (n: number) => {
        while (!stop) {
          attempts += 1;
          try {
            const delivery = await post(base, '/deliveries', {
              vendor,
              delivery_date: '2026-11-15',
              delivery_reference: `R${round}-W${n}-${attempts}`,
              delivery_items: [
                { item, quantity: 2, unit_price: 150 },
                { item, quantity: 1.5, unit_price: 99.99 },
              ],
            });
            if (delivery.status === 201) {
              acknowledged.push({ path: '/deliveries', id: delivery.body.id });
              const payment = await post(base, '/payments', {
                vendor,
                account,
                amount: 100,
                payment_date: '2026-11-16',
                delivery_allocations: [{ delivery: delivery.body.id, amount: 100 }],
              });
              if (payment.status === 201)
                acknowledged.push({ path: '/payments', id: payment.body.id });
            }
          } catch {
            // the connection died with the server: not acknowledged
          }
        }
      };
      const writers = Array.from({ length: 8 }, (_, n) => writer(n));
      await new Promise((resolve) => setTimeout(resolve, 700 + round * 150));
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      stop = true;
      await Promise.all(writers);
      // The killed process was the server itself: nothing answers on its port any more.
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

      server = await startChildServer(env);
      for (const { path, id } of acknowledged) {
        const res = await call(server.url, 'GET', `/api/sites/${siteId}${path}/${id}`, {
          token: owner.token,
        });
        expect(res.status, `${path}/${id} acknowledged before the crash`).toBe(200);
      }
      expect(await integrity()).toEqual([]);
      console.log(
        `crash round ${round}/${ROUNDS}: ${acknowledged.length - ackedBefore} writes acknowledged, all ${acknowledged.length} so far read back, ${Date.now() - roundStarted} ms`,
      );
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `crash safety: ${ROUNDS} SIGKILL rounds, ${attempts} write attempts, ${acknowledged.length} acknowledged writes verified, ${seconds} s`,
    );
    expect(acknowledged.length).toBeGreaterThan(ROUNDS * 4);

    // SIGTERM drains: requests the server has begun handling are answered, then it exits 0.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = await startChildServer({ ...env, LOG_LEVEL: 'info' });
    const received = () => server.output.join('').split('incoming request').length - 1;
    const before = received();
    const inFlight = Array.from({ length: 6 }, (_, i) =>
      post(server.url, '/deliveries', {
        vendor,
        delivery_date: '2026-11-17',
        delivery_reference: `DRAIN-${i}`,
        delivery_items: Array.from({ length: 60 }, () => ({ item, quantity: 1, unit_price: 10 })),
      }),
    );
    while (received() < before + 6) await new Promise((resolve) => setTimeout(resolve, 2));
    server.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight).catch((error: unknown) => {
      console.log(server.output.join('').slice(-6000));
      throw error;
    });
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(await server.exited).toBe(0);
    expect(await integrity()).toEqual([]);
  });
});
