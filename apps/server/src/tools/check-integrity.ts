/**
 * `npm run check-integrity`: checks every invariant over the database the server is configured
 * for (DATA_DIR or DATABASE_URL), prints each violation and exits 1 when there is any.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { checkIntegrity, formatViolations } from '../integrity/check.js';

const config = loadConfig();
const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = Date.now();
  const violations = await checkIntegrity(db.kysely);
  const where = config.databaseUrl ? 'PostgreSQL' : `${config.dataDir} (SQLite)`;
  if (violations.length === 0) {
    console.log(`integrity: clean — ${where}, ${Date.now() - started} ms`);
  } else {
    console.log(formatViolations(violations));
    console.log(`integrity: ${violations.length} violation(s) — ${where}`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
