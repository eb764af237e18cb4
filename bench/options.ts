/** The command line of `npm run bench` (bench/README.md) and what follows from it. */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL, scaled, type SeedSize } from './seed.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
export const quick = args.includes('--quick');
export const scale = Number(option('scale') ?? (quick ? 0.02 : 1));
export const size: SeedSize = scale >= 1 ? FULL : scaled(scale);
export const databases =
  (option('db') ?? (quick ? 'sqlite' : 'both')) === 'both'
    ? ['sqlite', 'pg']
    : [option('db') ?? 'sqlite'];
export const seconds = Number(option('duration') ?? (quick ? 3 : 10));
export const only = option('only');
// `--kept off` runs the server with SITE_READ_CACHE=off: every dashboard, ledger and list total
// recomputed (bench/RESULTS-kept-off.md), to read the kept answers' share of the figures.
export const keptOff = option('kept') === 'off';
export const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const cores = os.availableParallelism();
export const pin = cores >= 2 && spawnSync('taskset', ['--version']).status === 0;
export const log = (line: string) => console.log(line);
