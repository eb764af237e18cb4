import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLines } from '../src/modules/exports/ledger-lines.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { parseExportCsv as records } from './helpers/csv-parse.js';
import {
  expectedRow,
  insertManyDeliveries,
  withoutDescription,
  type LedgerBody,
} from './helpers/export-expect.js';
import { moneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let ledger: { siteId: string; url(path: string): string; owner: Registered };

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  const siteId = (await createSite(server.url, owner.token)).id;
  ledger = { siteId, owner, url: (path: string) => `/api/sites/${siteId}${path}` };
});
afterAll(async () => {
  await server?.close();
});

describe('a ledger of 3 000 entries', () => {
  let vendor: string;

  beforeAll(async () => {
    const kit = moneyKit(server, ledger.siteId, ledger.owner.token);
    vendor = await kit.vendor('Bulk supplier');
    const target = { siteId: ledger.siteId, vendor, item: await kit.item() };
    await insertManyDeliveries(server, target, 3000, { delivery: 'x', line: 'y' });
  });

  it('is read 1 000 rows at a time, the balance carried across chunks', async () => {
    const chunks: number[] = [];
    let last = 0;
    for await (const lines of ledgerLines(server.ctx.db.kysely, {
      siteId: ledger.siteId,
      vendor,
      today: '2026-11-22',
      from: '',
      to: '9999-12-31',
      opening: 0,
    })) {
      chunks.push(lines.length);
      expect(lines[0]!.balance).toBe(last + 10000);
      last = lines.at(-1)!.balance;
    }
    expect(chunks).toEqual([1000, 1000, 1000]);
    expect(last).toBe(3000 * 10000);
  });

  it('streams as CSV with the ledger’s first and last rows', async () => {
    const res = await fetch(`${server.url}${ledger.url(`/vendors/${vendor}/export?format=csv`)}`, {
      headers: { authorization: `Bearer ${ledger.owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const parts: Buffer[] = [];
    for await (const part of res.body!) parts.push(Buffer.from(part));
    expect(parts.length).toBeGreaterThan(1);
    const rows = records(Buffer.concat(parts).toString('utf8'));
    expect(rows).toHaveLength(3000 + 3);
    const first = await call<LedgerBody>(
      server.url,
      'GET',
      ledger.url(`/vendors/${vendor}/ledger?perPage=1`),
      { token: ledger.owner.token },
    );
    const latest = await call<LedgerBody>(
      server.url,
      'GET',
      ledger.url(`/vendors/${vendor}/ledger?perPage=1&sort=-date`),
      { token: ledger.owner.token },
    );
    expect(withoutDescription(rows[2]!)).toEqual(expectedRow(first.body.entries[0]!));
    expect(withoutDescription(rows.at(-2)!)).toEqual(expectedRow(latest.body.entries[0]!));
    expect(rows.at(-1)![6]).toBe('300000.00');
  });
});
