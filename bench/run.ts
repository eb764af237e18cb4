/**
 * `npm run bench` — the benchmark harness of issue 9 (bench/README.md). Seeds the books through
 * the service layer (cached), starts the built server (`apps/server/dist/main.js`) and the
 * framework-free baseline, drives them with autocannon over real sessions, and writes
 * bench/RESULTS.md (or bench/RESULTS-quick.md with --quick). The parts: options.ts (the command
 * line), databases.ts (the seed and each run's copy), processes.ts (servers, memory, load),
 * scenarios.ts (what is measured) and report.ts (the table and what fails the run).
 */
import { spawnSync } from 'node:child_process';
import { databases, pin } from './options.js';
import { failures, writeReport, type Line } from './report.js';
import { runDatabase } from './scenarios.js';

// The load generator (this process) on core 1, servers on core 0.
if (pin) spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

const lines: Line[] = [];
for (const db of databases) await runDatabase(db, lines);
writeReport(lines);
const failed = failures(lines);
if (failed.length > 0) {
  console.error(`errors in: ${failed.map((l) => `${l.db} ${l.scenario}`).join(', ')}`);
  process.exit(1);
}
process.exit(0);
