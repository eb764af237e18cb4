/**
 * `npm run restore -- <backup dir>`: restores into the configured DATA_DIR / DATABASE_URL,
 * which must be empty (a restore never overwrites existing books).
 */
import { loadConfig } from '../config.js';
import { restore } from './backup-lib.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run restore -- <backup directory>');
  process.exit(2);
}
const config = loadConfig();
try {
  const manifest = restore(dir, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  console.log(
    `restored the ${manifest.database} backup of ${manifest.created} (app ${manifest.version})`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
