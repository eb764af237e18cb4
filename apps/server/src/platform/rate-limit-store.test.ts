import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { databaseRateLimitStore, purgeOldRateLimits } from './rate-limit-store.js';

let handle: Db;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-rate-'));
let clock = 1_000_000;

beforeAll(async () => {
  handle = openDatabase({ databaseUrl: null, dataDir });
  await migrateToLatest(handle);
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function hit(store: InstanceType<ReturnType<typeof databaseRateLimitStore>>, key: string) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 3),
  );
}

describe('rate limits counted in the database', () => {
  it('counts per route and address, and starts a new window when the old one has passed', async () => {
    const Store = databaseRateLimitStore(handle.kysely, () => clock);
    const root = new Store({});
    const login = root.child({ routeInfo: { method: 'POST', url: '/api/auth/login' } } as never);
    const register = root.child({
      routeInfo: { method: 'POST', url: '/api/auth/register' },
    } as never);
    expect(await hit(login, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
    clock += 10_000;
    expect(await hit(login, '10.0.0.1')).toEqual({ current: 2, ttl: 50_000 });
    expect(await hit(login, '10.0.0.2')).toEqual({ current: 1, ttl: 60_000 });
    expect(await hit(register, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
    clock += 50_000;
    expect(await hit(login, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
    // A second store object (another instance) sees the same count.
    const other = new Store({}).child({
      routeInfo: { method: 'POST', url: '/api/auth/login' },
    } as never);
    expect(await hit(other, '10.0.0.1')).toEqual({ current: 2, ttl: 60_000 });
  });

  it('removes windows older than an hour', async () => {
    clock += 2 * 60 * 60 * 1000;
    expect(await purgeOldRateLimits(handle.kysely, clock)).toBe(3);
    expect(await handle.kysely.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});
