import { openDatabase } from './src/db/database.js';
import { migrateToLatest } from './src/db/migrate.js';
import { sql } from 'kysely';
import fs from 'node:fs';
const dir = fs.mkdtempSync('/tmp/41e/db-');
const db = openDatabase({ databaseUrl: null, dataDir: dir });
await migrateToLatest(db);
const tables = (await sql<{name:string}>`select name from sqlite_master where type='table' order by name`.execute(db.kysely)).rows;
const out: Record<string, unknown> = {};
for (const t of tables) {
  const cols = (await sql<{name:string;type:string;notnull:number}>`select name, type, "notnull" from pragma_table_info(${t.name})`.execute(db.kysely)).rows;
  const fks = (await sql<{from:string;table:string}>`select "from", "table" from pragma_foreign_key_list(${t.name})`.execute(db.kysely)).rows;
  out[t.name] = { cols: cols.map(c => [c.name, c.type]), fks: fks.map(f => [f.from, f.table]) };
}
fs.writeFileSync('/tmp/41e/schema.json', JSON.stringify(out, null, 1));
process.exit(0);
