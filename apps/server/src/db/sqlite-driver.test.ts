import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.js';

let db: Db;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-driver-'));

beforeAll(async () => {
  db = openDatabase({ databaseUrl: null, dataDir });
  await sql`create table t (id integer primary key, v text not null)`.execute(db.kysely);
  await sql`insert into t (id, v) values (1, 'committed')`.execute(db.kysely);
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const readAll = () =>
  sql<{ id: number; v: string }>`select id, v from t order by id`
    .execute(db.kysely)
    .then((r) => r.rows);

describe('SQLite with a writer and a reader connection', () => {
  it('answers reads while a transaction is open, with the last committed state only', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await sql`insert into t (id, v) values (2, 'pending')`.execute(trx);
      // The transaction sees its own write.
      expect((await sql`select count(*) as n from t`.execute(trx)).rows).toEqual([{ n: 2 }]);
      inside();
      await held;
    });
    await started;
    // Not blocked by the open transaction, and not seeing its write.
    expect(await readAll()).toEqual([{ id: 1, v: 'committed' }]);
    // A write on its own waits for the transaction.
    let written = false;
    const write = sql`insert into t (id, v) values (3, 'after')`
      .execute(db.kysely)
      .then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toBe(false);
    finish();
    await transaction;
    await write;
    expect((await readAll()).map((r) => r.v)).toEqual(['committed', 'pending', 'after']);
  });

  it('rolls back and frees the writer after a failed transaction', async () => {
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await sql`insert into t (id, v) values (4, 'lost')`.execute(trx);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await sql`insert into t (id, v) values (5, 'next')`.execute(db.kysely);
    expect((await readAll()).map((r) => r.id)).toEqual([1, 2, 3, 5]);
  });

  it('sends a raw statement that writes to the writer, even when it starts with WITH', async () => {
    await sql`with x as (select 6 as id) insert into t (id, v) select id, 'raw' from x`.execute(
      db.kysely,
    );
    expect((await readAll()).map((r) => r.id)).toContain(6);
  });
});
