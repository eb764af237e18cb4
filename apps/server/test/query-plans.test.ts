import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

/**
 * The queries that run on every write or read of a busy site use an index, not a scan of the
 * table (bench/ANALYSIS.md: each of these was found slow on the benchmark's large site).
 */
let plan: (query: string) => string;
let close: () => void;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-plans-'));

beforeAll(async () => {
  const db = openDatabase({ databaseUrl: null, dataDir });
  await migrateToLatest(db);
  await db.close();
  const raw = new SqliteDatabase(path.join(dataDir, 'siteledger.db'), { readonly: true });
  plan = (query) =>
    (raw.prepare(`explain query plan ${query}`).all() as { detail: string }[])
      .map((row) => row.detail)
      .join('; ');
  close = () => raw.close();
});
afterAll(() => {
  close?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('query plans on SQLite', () => {
  it("sums an account's transactions from a covering index (every posting recomputes it)", () => {
    expect(
      plan(`select sum(case when t.type = 'credit' then t.amount else -t.amount end)
        from account_transactions t where t.account = 'a'`),
    ).toMatch(/USING COVERING INDEX account_transactions_account_sum/);
  });

  it('counts and pages a site’s deliveries by index', () => {
    expect(plan(`select count(*) from deliveries where site_id = 's'`)).toMatch(
      /USING COVERING INDEX/,
    );
    expect(
      plan(`select * from deliveries where site_id = 's'
        order by delivery_date desc, id desc limit 30`),
    ).not.toMatch(/SCAN deliveries|USE TEMP B-TREE/);
  });

  it('recomputes paid amounts and credit-note balances by index', () => {
    expect(
      plan(`select sum(a.allocated_amount) from payment_allocations a where a.delivery = 'd'`),
    ).toMatch(/USING INDEX payment_allocations_delivery/);
    expect(
      plan(`select sum(u.used_amount) from credit_note_usage u where u.credit_note = 'c'`),
    ).toMatch(/USING INDEX credit_note_usage_credit_note/);
  });
});
