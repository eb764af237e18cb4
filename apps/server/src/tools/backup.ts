/** `npm run backup [-- <out dir>]`: backs up the configured database and files (see backup-lib). */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backup } from './backup-lib.js';

const config = loadConfig();
const outDir = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups'));
const dir = await backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, outDir);
console.log(`backup written to ${dir}`);
