/**
 * Backups (issue 10): `npm run backup` while the server runs, `npm run restore` into a fresh
 * data directory (or database), and the restored books equal the original, files included.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { call, createSite, registerUser } from './helpers/api.js';
import { freshStorage, type Storage } from './helpers/child-server.js';
import { databaseDigest } from './helpers/db-digest.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGN4FcGDFTEMLQkA2ChTgRAntrQAAAAASUVORK5CYII=',
  'base64',
);

let server: TestServer;
let target: Storage;
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-backups-'));

function tool(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), `apps/server/src/tools/${script}`, ...args],
    { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8' },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function listFiles(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
  }
  return found;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  target = await freshStorage();
  const owner = await registerUser(server.url);
  const siteId = (await createSite(server.url, owner.token)).id;
  const post = async (p: string, body: unknown) =>
    (
      await call<{ id: string }>(server.url, 'POST', `/api/sites/${siteId}${p}`, {
        token: owner.token,
        body,
      })
    ).body.id;
  const vendor = await post('/vendors', { name: 'शर्मा ट्रेडर्स & Sons' });
  const item = await post('/items', { name: 'Cement', unit: 'bag' });
  const account = await post('/accounts', { name: 'Cash', type: 'cash', opening_balance: 5000 });
  const delivery = await post('/deliveries', {
    vendor,
    delivery_date: '2026-11-10',
    delivery_items: [{ item, quantity: 12.5, unit_price: 385.5 }],
  });
  await post('/payments', {
    vendor,
    account,
    amount: 1000,
    payment_date: '2026-11-11',
    delivery_allocations: [{ delivery, amount: 1000 }],
  });
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'challan.png');
  const upload = await call(server.url, 'POST', `/api/sites/${siteId}/vendors/${vendor}/files`, {
    token: owner.token,
    rawBody: form,
  });
  expect(upload.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await target?.dispose();
  fs.rmSync(out, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('backs up the running server and restores an equal copy into a fresh place', async () => {
    const source: Record<string, string> = { DATA_DIR: server.dataDir };
    if (server.ctx.config.databaseUrl) source.DATABASE_URL = server.ctx.config.databaseUrl;
    const made = tool('backup.ts', [out], source);
    expect(made.status, made.out).toBe(0);
    const dir = /backup written to (\S+)/.exec(made.out)?.[1];
    expect(dir && fs.existsSync(path.join(dir, 'manifest.json'))).toBe(true);

    const restored = tool('restore.ts', [dir!], target.env);
    expect(restored.status, restored.out).toBe(0);
    expect(restored.out).toContain('restored the');

    const copy = openDatabase({
      databaseUrl: target.env.DATABASE_URL || null,
      dataDir: target.env.DATA_DIR!,
    });
    try {
      expect(await databaseDigest(copy.kysely)).toBe(await databaseDigest(server.ctx.db.kysely));
    } finally {
      await copy.close();
    }
    const files = listFiles(path.join(target.env.DATA_DIR!, 'files'));
    expect(Object.keys(files)).toHaveLength(1);
    expect(files).toEqual(listFiles(path.join(server.dataDir, 'files')));

    // Restoring over existing books is refused.
    const again = tool('restore.ts', [dir!], target.env);
    expect(again.status).toBe(1);
    expect(again.out).toMatch(/not empty|exists/);
  }, 120_000);
});
