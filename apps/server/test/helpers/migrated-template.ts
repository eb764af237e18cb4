import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/**
 * A database migrated once and copied for each test server, rather than migrated again by each:
 * migrating a fresh database took about half of a test server's start (0.4 s of 0.8 s on SQLite,
 * more on PostgreSQL) and a suite starts about a hundred. The server still runs its own
 * migrations over the copy (none left to apply), its plan seeding and everything else it does at
 * start, so what is tested is unchanged.
 */

const migrationsDir = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));

/** Changes whenever a migration's source does: a template is never reused across schemas. */
function schemaKey(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsDir).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(migrationsDir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let sqliteTemplate: Promise<string> | undefined;

/** The migrated SQLite file of this process (made on first use, removed when it exits). */
function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const db = openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(db);
    // Closing checkpoints the WAL into the file: the one file is the whole database.
    await db.close();
    return path.join(dir, 'siteledger.db');
  })();
  return sqliteTemplate;
}

/** Puts a migrated SQLite database into `dataDir` (the file the server opens there). */
export async function copySqliteTemplate(dataDir: string): Promise<void> {
  fs.copyFileSync(await sqliteTemplateFile(), path.join(dataDir, 'siteledger.db'));
}

let pgTemplate: Promise<string> | undefined;

/**
 * Forgets this process's template name, so the next call finds or makes it again: a run over
 * another schema (another checkout) drops older templates when it makes its own.
 */
export function forgetPgTemplate(): void {
  pgTemplate = undefined;
}

/**
 * The name of a migrated PostgreSQL database to copy (`CREATE DATABASE … TEMPLATE`). Kept on the
 * server between runs under its schema key, like the benchmark's seed; made under a temporary name
 * and renamed when complete, so a worker never copies a half-migrated one, and templates of older
 * schemas are dropped when a new one is made.
 */
export function pgTemplateName(baseUrl: string): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `sl_template_${schemaKey()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_build_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(baseUrl);
      url.pathname = `/${building}`;
      const db = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
      await migrateToLatest(db);
      await db.close();
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch {
        // Another worker finished first: use its template.
        await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      }
      const stale = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'sl\\_template\\_%' AND datname <> $1 AND datname NOT LIKE '%\\_build\\_%'",
        [name],
      );
      for (const row of stale.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => {});
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return pgTemplate;
}
