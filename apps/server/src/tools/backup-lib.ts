/**
 * Backups (issue 10): a backup is a directory holding the database (an SQLite online-backup
 * copy, or a `pg_dump` custom-format archive), a copy of the uploaded files, and a manifest.
 * Restore puts them into an EMPTY data directory / database, so it can never overwrite books.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { APP_VERSION } from '@siteledger/domain';

export interface Target {
  dataDir: string;
  databaseUrl: string | null;
}

export interface Manifest {
  app: 'siteledger';
  version: string;
  created: string;
  database: 'sqlite' | 'postgres';
  file: string;
}

const SQLITE_FILE = 'siteledger.db';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { encoding: 'utf8', env });
  if (result.status !== 0) {
    throw new Error(
      `${command} failed: ${result.stderr || result.stdout || result.error?.message}`,
    );
  }
}

function copyFiles(from: string, to: string): void {
  if (fs.existsSync(from)) fs.cpSync(from, to, { recursive: true });
}

/** Writes a backup of `source` into a new directory under `outDir`; returns its path. */
export async function backup(source: Target, outDir: string): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(outDir, `siteledger-backup-${stamp}`);
  fs.mkdirSync(dir, { recursive: true });
  let manifest: Manifest;
  if (source.databaseUrl) {
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--file',
      path.join(dir, 'database.dump'),
      source.databaseUrl,
    ]);
    manifest = {
      app: 'siteledger',
      version: APP_VERSION,
      created: new Date().toISOString(),
      database: 'postgres',
      file: 'database.dump',
    };
  } else {
    const file = path.join(source.dataDir, SQLITE_FILE);
    if (!fs.existsSync(file)) throw new Error(`No database at ${file}`);
    // SQLite's online backup: consistent even while the server keeps writing.
    const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    try {
      await db.backup(path.join(dir, SQLITE_FILE));
    } finally {
      db.close();
    }
    manifest = {
      app: 'siteledger',
      version: APP_VERSION,
      created: new Date().toISOString(),
      database: 'sqlite',
      file: SQLITE_FILE,
    };
  }
  copyFiles(path.join(source.dataDir, 'files'), path.join(dir, 'files'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${dir} is not a SiteLedger backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.app !== 'siteledger') throw new Error(`${dir} is not a SiteLedger backup`);
  return manifest;
}

/** Restores the backup in `dir` into `target`, which must hold no database yet. */
export function restore(dir: string, target: Target): Manifest {
  const manifest = readManifest(dir);
  if ((manifest.database === 'postgres') !== Boolean(target.databaseUrl)) {
    throw new Error(
      `This backup is of a ${manifest.database} database; set DATABASE_URL accordingly`,
    );
  }
  if (target.databaseUrl) {
    const probe = spawnSync(
      'psql',
      [
        target.databaseUrl,
        '-tAc',
        "select count(*) from information_schema.tables where table_schema = 'public'",
      ],
      { encoding: 'utf8' },
    );
    if (probe.status !== 0) throw new Error(`Cannot reach the target database: ${probe.stderr}`);
    if (Number(probe.stdout.trim()) > 0) {
      throw new Error('The target database is not empty: restore only into a new, empty database');
    }
    run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--dbname',
      target.databaseUrl,
      path.join(dir, manifest.file),
    ]);
  } else {
    const file = path.join(target.dataDir, SQLITE_FILE);
    if (fs.existsSync(file)) {
      throw new Error(`${file} exists: restore only into an empty data directory`);
    }
    fs.mkdirSync(target.dataDir, { recursive: true });
    fs.copyFileSync(path.join(dir, manifest.file), file);
  }
  const files = path.join(target.dataDir, 'files');
  if (fs.existsSync(path.join(dir, 'files'))) {
    fs.mkdirSync(target.dataDir, { recursive: true });
    copyFiles(path.join(dir, 'files'), files);
  }
  return manifest;
}
