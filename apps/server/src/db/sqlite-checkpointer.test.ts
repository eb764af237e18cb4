import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The rows the database file holds by itself, without its WAL (a copy of the file alone). */
function rowsInMainFile(dataDir: string): number {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-main-only-'));
  dirs.push(copy);
  fs.copyFileSync(path.join(dataDir, 'siteledger.db'), path.join(copy, 'siteledger.db'));
  const db = new SqliteDatabase(path.join(copy, 'siteledger.db'), { readonly: true });
  try {
    const row = db.prepare('select count(*) as n from t').get() as { n: number } | undefined;
    return row?.n ?? 0;
  } catch {
    return 0; // the table itself is still only in the WAL
  } finally {
    db.close();
  }
}

describe('the SQLite checkpointer', () => {
  it('copies committed pages into the database file off the request path', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-checkpoint-'));
    dirs.push(dataDir);
    const db = openDatabase({ databaseUrl: null, dataDir });
    await sql`create table t (id integer primary key, v text not null)`.execute(db.kysely);
    // Far fewer pages than the 1000 at which the writer would checkpoint by itself.
    for (let i = 1; i <= 50; i += 1) {
      await db.kysely.transaction().execute(async (trx) => {
        await sql`insert into t (id, v) values (${i}, ${'x'.repeat(100)})`.execute(trx);
      });
    }
    const walFrames = () =>
      fs.statSync(path.join(dataDir, 'siteledger.db-wal')).size > 0 ? 'present' : 'empty';
    expect(walFrames()).toBe('present');
    // Within a few of its 200 ms rounds, the worker has copied them.
    const deadline = Date.now() + 5000;
    while (rowsInMainFile(dataDir) < 50 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rowsInMainFile(dataDir)).toBe(50);
    // Writes go on as before, and the database closes cleanly with the worker stopped.
    await sql`insert into t (id, v) values (51, 'after')`.execute(db.kysely);
    await db.close();
    expect(fs.existsSync(path.join(dataDir, 'siteledger.db-wal'))).toBe(false);
    expect(rowsInMainFile(dataDir)).toBe(51);
  });
});
