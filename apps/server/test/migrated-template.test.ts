import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { call } from './helpers/api.js';
import { pgTemplateName } from './helpers/migrated-template.js';
import { startServer } from './helpers/test-server.js';

const baseUrl = process.env.DATABASE_URL;

// Test servers copy a migrated template database (helpers/migrated-template.ts); a run over
// another schema drops older templates, so one that disappears under a run is made again.
describe.skipIf(!baseUrl)('test databases from a migrated template (PostgreSQL)', () => {
  it('makes the template again when another run has dropped it', async () => {
    const name = await pgTemplateName(baseUrl!);
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    const server = await startServer();
    try {
      const health = await call(server.url, 'GET', '/api/health');
      expect(health.status).toBe(200);
      const users = await server.ctx.db.kysely.selectFrom('users').select('id').execute();
      expect(users).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
