import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './database.js';

describe('SQLite statement cache', () => {
  it('reuses a statement for the same SQL, but never one a stream is still reading', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const db = withStatementCache(sqlite);
    const sql = 'select 1 as n union all select 2';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);

    const reading = first.iterate();
    reading.next();
    const second = db.prepare(sql);
    expect(second).not.toBe(first);
    // Both work at once: the stream goes on while the other statement answers.
    expect(second.all()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(reading.next().value).toEqual({ n: 2 });
    reading.return?.();
    expect(db.prepare(sql)).toBe(first);
    db.close();
  });

  it('keeps at most 500 statements, dropping the least recently used', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const db = withStatementCache(sqlite);
    const oldest = db.prepare('select 0');
    for (let i = 1; i <= 500; i += 1) db.prepare(`select ${i}`);
    expect(db.prepare('select 500')).toBe(db.prepare('select 500'));
    expect(db.prepare('select 0')).not.toBe(oldest);
    db.close();
  });
});
