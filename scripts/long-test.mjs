#!/usr/bin/env node
// The long forms of two server tests CI runs short (README "Testing"):
//   npm run fuzz -- --runs 10000 [--seed 42]   fast-check over every site write route (FUZZ_RUNS)
//   npm run crash -- --rounds 20               SIGKILL rounds under concurrent writers (CRASH_ROUNDS)
// On SQLite unless DATABASE_URL is set (then the fuzz test compares both databases, the crash
// test runs on PostgreSQL). Plain Node: it only turns the options into the environment variables
// the tests read and runs that one test file.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const forms = {
  fuzz: {
    file: 'apps/server/test/fuzz.test.ts',
    options: { runs: 'FUZZ_RUNS', seed: 'FUZZ_SEED' },
  },
  crash: { file: 'apps/server/test/crash-safety.test.ts', options: { rounds: 'CRASH_ROUNDS' } },
};

function fail(message) {
  console.error(message);
  process.exit(2);
}

const [name, ...args] = process.argv.slice(2);
const form = forms[name];
if (!form) fail(`usage: long-test.mjs ${Object.keys(forms).join('|')} [--option value]`);

const env = { ...process.env };
for (let i = 0; i < args.length; i += 1) {
  const match = /^--([a-z]+)(?:=(.*))?$/.exec(args[i]);
  const variable = match && form.options[match[1]];
  if (!variable)
    fail(`${name}: unknown option ${args[i]} (known: --${Object.keys(form.options).join(', --')})`);
  const value = match[2] ?? args[(i += 1)];
  if (!/^[1-9]\d*$/.test(value ?? '')) fail(`${name}: --${match[1]} needs a positive whole number`);
  env[variable] = value;
}

const shown = Object.values(form.options)
  .filter((variable) => env[variable] !== undefined)
  .map((variable) => `${variable}=${env[variable]}`);
// With DATABASE_URL the fuzz test sends each case to PostgreSQL and to SQLite; the crash test
// runs on PostgreSQL only.
const where = env.DATABASE_URL
  ? name === 'fuzz'
    ? 'PostgreSQL and SQLite'
    : 'PostgreSQL'
  : 'SQLite';
console.log(`${name}: ${[...shown, where].join(', ')}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', form.file], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
