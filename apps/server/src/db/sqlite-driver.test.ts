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

  it('commits transactions that queue behind one another together, each answered once durable', async () => {
    const before = (await readAll()).length;
    const seen: number[] = [];
    // Ten at once: the first takes the writer, the others queue and join its group.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.kysely
          .transaction()
          .execute(async (trx) => {
            await sql`insert into t (id, v) values (${100 + i}, 'grouped')`.execute(trx);
          })
          // Once a transaction's caller goes on, the reader (committed state only) has its row.
          .then(async () => {
            const rows = await readAll();
            if (rows.some((r) => r.id === 100 + i)) seen.push(i);
          }),
      ),
    );
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await readAll()).length).toBe(before + 10);
  });

  it('rolls back a refused transaction alone while the others of its group commit', async () => {
    const outcomes = await Promise.allSettled(
      [200, 201, 202].map((id) =>
        db.kysely.transaction().execute(async (trx) => {
          await sql`insert into t (id, v) values (${id}, 'maybe')`.execute(trx);
          if (id === 201) throw new Error('refused');
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = (await readAll()).map((r) => r.id);
    expect(ids).toContain(200);
    expect(ids).not.toContain(201);
    expect(ids).toContain(202);
  });

  it('fails every transaction of a group whose commit fails, and writes none of them', async () => {
    // A deferred foreign key is checked at COMMIT: the one statement this test can make fail there.
    await sql`create table child (id integer primary key, parent integer
      references t (id) deferrable initially deferred)`.execute(db.kysely);
    const outcomes = await Promise.allSettled(
      [300, 301].map((id) =>
        db.kysely.transaction().execute(async (trx) => {
          await sql`insert into t (id, v) values (${id}, 'doomed')`.execute(trx);
          // The second breaks the key; the first shares its COMMIT.
          if (id === 301) await sql`insert into child (id, parent) values (1, 999)`.execute(trx);
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((await readAll()).map((r) => r.id)).not.toContain(300);
    // The writer is free and works as before.
    await db.kysely.transaction().execute(async (trx) => {
      await sql`insert into t (id, v) values (302, 'after')`.execute(trx);
    });
    expect((await readAll()).map((r) => r.id)).toContain(302);
  });

  it('commits a waiting group before a write on its own runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = db.kysely.transaction().execute(async (trx) => {
      await sql`insert into t (id, v) values (400, 'first')`.execute(trx);
    });
    const second = db.kysely.transaction().execute(async (trx) => {
      await gate;
      await sql`insert into t (id, v) values (401, 'second')`.execute(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([first, second]);
    await sql`insert into t (id, v) values (402, 'alone')`.execute(db.kysely);
    expect((await readAll()).map((r) => r.id)).toEqual(expect.arrayContaining([400, 401, 402]));
  });
});
