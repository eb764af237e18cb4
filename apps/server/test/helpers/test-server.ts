import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { newId } from '../../src/db/ids.js';
import { checkIntegrity, formatViolations } from '../../src/integrity/check.js';
import { copySqliteTemplate, forgetPgTemplate, pgTemplateName } from './migrated-template.js';

export interface TestServer extends BuiltApp {
  url: string;
  dataDir: string;
  /** Log lines the server wrote (JSON strings), for checking what was logged. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * A real server listening on 127.0.0.1 over a fresh database: SQLite in a temp dir, or, when
 * DATABASE_URL is set, a new PostgreSQL database created for this server and dropped after.
 */
export interface StartOptions {
  /**
   * Why this suite's database may break invariants on purpose (read-side fixtures written
   * straight into tables, a dropped table); without it every suite ends with the integrity check.
   */
  skipIntegrityCheck?: string;
  /** SQLite even when DATABASE_URL is set (a suite that compares both databases). */
  sqlite?: boolean;
  /**
   * Runs after the app is built (migrations done) and before it listens: a test's own tables and
   * routes (registry.test.ts adds a throwaway record type this way).
   */
  beforeListen?: (built: BuiltApp) => Promise<void> | void;
}

export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-test-'));
  const baseUrl = options.sqlite ? undefined : process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (baseUrl) {
    const name = `sl_test_${newId()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const create = async () =>
      admin.query(`CREATE DATABASE ${name} TEMPLATE ${await pgTemplateName(baseUrl)}`);
    await create().catch(async (error: unknown) => {
      // 3D000: the template is gone (dropped by a run over another schema); make it again.
      if ((error as { code?: string }).code !== '3D000') throw error;
      forgetPgTemplate();
      await create();
    });
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  if (!baseUrl) await copySqliteTemplate(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_URL: 'http://app.test',
    LOG_LEVEL: 'info',
    // Today's caps unless a suite says otherwise (unset, a server without payments is unlimited).
    DEFAULT_PLAN: 'Free',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const built = await buildApp(config, { logger: { level: config.logLevel, stream } });
  await options.beforeListen?.(built);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not listen');
  return {
    ...built,
    url: `http://127.0.0.1:${address.port}`,
    dataDir,
    logs,
    async close() {
      // Every suite ends with the integrity check over what it left behind (issue 10).
      const violations = options.skipIntegrityCheck
        ? []
        : await checkIntegrity(built.ctx.db.kysely);
      await built.app.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (violations.length > 0) {
        throw new Error(`integrity check failed:\n${formatViolations(violations)}`);
      }
    },
  };
}
