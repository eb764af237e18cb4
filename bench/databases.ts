/**
 * The database of a benchmark run: the seed (made once through the service layer and cached) and
 * a copy of it for each run, dropped after, so the create scenarios' rows do not pile up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationProvider } from '../apps/server/src/db/migrations/index.js';
import { log, pgBase, root, scale, size } from './options.js';
import { seed, SEED_VERSION, type SeedResult } from './seed.js';

export async function prepareDatabase(
  db: string,
): Promise<{ env: Record<string, string>; seeded: SeedResult }> {
  const migrations = Object.keys(await migrationProvider.getMigrations()).length;
  const key = `${scale}-${migrations}-v${SEED_VERSION}`;
  const cacheDir = path.join(root, 'bench/.cache', key);
  const marker = path.join(cacheDir, `seed-${db}.json`);
  if (db === 'sqlite') {
    const seededDir = path.join(cacheDir, 'sqlite');
    if (!fs.existsSync(marker)) {
      fs.rmSync(seededDir, { recursive: true, force: true });
      fs.mkdirSync(seededDir, { recursive: true });
      log(`seeding SQLite (scale ${scale}) through the service layer…`);
      const seeded = await seed({ DATA_DIR: seededDir }, size, (line) => log(line));
      fs.writeFileSync(marker, JSON.stringify(seeded));
    }
    // Each run gets a copy: writes of the create scenarios do not pile up in the cache.
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-bench-'));
    fs.cpSync(seededDir, runDir, { recursive: true });
    return {
      env: { DATA_DIR: runDir, DATABASE_URL: '' },
      seeded: JSON.parse(fs.readFileSync(marker, 'utf8')) as SeedResult,
    };
  }
  const name = `siteledger_bench_${key.replace(/\W/g, '_')}`;
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name]))
    .rowCount;
  if (!exists || !fs.existsSync(marker)) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    fs.mkdirSync(cacheDir, { recursive: true });
    log(`seeding PostgreSQL (scale ${scale}) through the service layer…`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-bench-pg-'));
    const seeded = await seed({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }, size, log);
    fs.writeFileSync(marker, JSON.stringify(seeded));
  } else {
    await admin.end();
  }
  // Each run gets a copy (the seeded database as a template): the create scenarios' rows do not
  // pile up in the seed from one run to the next.
  // Named per run: two checkouts benchmarking at once must not drop each other's copy.
  const copy = `${name}_run_${process.pid}`;
  const admin2 = new pg.Client({ connectionString: pgBase });
  await admin2.connect();
  await admin2.query(`drop database if exists ${copy} with (force)`);
  await admin2.query(`create database ${copy} template ${name}`);
  await admin2.end();
  url.pathname = `/${copy}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-bench-pg-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    seeded: JSON.parse(fs.readFileSync(marker, 'utf8')) as SeedResult,
  };
}

/** Removes a run's copy: its SQLite directory or its PostgreSQL database. */
export async function dropRunDatabase(env: Record<string, string>): Promise<void> {
  if (env.DATA_DIR && !env.DATABASE_URL) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  if (env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(
      `drop database if exists ${new URL(env.DATABASE_URL).pathname.slice(1)} with (force)`,
    );
    await admin.end();
  }
}
