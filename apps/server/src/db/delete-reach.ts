import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Per table, the other tables whose rows a delete from it can delete or change by itself
 * (`ON DELETE CASCADE`, `SET NULL`, `SET DEFAULT`), followed through: read from the database's
 * own catalogue at start, so a new migration's foreign keys count without a list to keep. Kept
 * list totals (platform/list-totals.ts) recount those tables' totals after such a delete.
 */
export type DeleteReach = ReadonlyMap<string, readonly string[]>;

interface ForeignKey {
  child: string;
  parent: string;
}

export async function readDeleteReach(db: Db): Promise<DeleteReach> {
  const keys =
    db.dialect === 'postgres'
      ? await sql<ForeignKey>`
          select child.relname as child, parent.relname as parent
          from pg_constraint c
          join pg_class child on child.oid = c.conrelid
          join pg_class parent on parent.oid = c.confrelid
          where c.contype = 'f' and c.confdeltype in ('c', 'n', 'd')`.execute(db.kysely)
      : await sql<ForeignKey>`
          select m.name as child, k."table" as parent
          from sqlite_master m join pragma_foreign_key_list(m.name) k
          where m.type = 'table'
            and upper(k.on_delete) in ('CASCADE', 'SET NULL', 'SET DEFAULT')`.execute(db.kysely);
  return deleteReach(keys.rows);
}

/** `keys` (child references parent, with a delete action) followed through to every table. */
export function deleteReach(keys: readonly ForeignKey[]): DeleteReach {
  const children = new Map<string, Set<string>>();
  for (const { child, parent } of keys) {
    let set = children.get(parent);
    if (!set) children.set(parent, (set = new Set()));
    set.add(child);
  }
  const reach = new Map<string, string[]>();
  for (const table of children.keys()) {
    const seen = new Set<string>();
    const next = [table];
    while (next.length > 0) {
      for (const child of children.get(next.pop()!) ?? []) {
        if (child === table || seen.has(child)) continue;
        seen.add(child);
        next.push(child);
      }
    }
    reach.set(table, [...seen]);
  }
  return reach;
}
