#!/usr/bin/env node
// Lists the slowest tests across Vitest JSON reports (`--reporter=json --outputFile.json=…`), so
// a CI run shows where its minutes go. Usage:
//   node scripts/slowest-tests.mjs [--top 20] suite=report.json [suite=report.json …]
// A missing or unreadable report is named and skipped: the list is information, never a failure.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The tests of one Vitest JSON report as { suite, file, name, ms, status }. `file` is relative to
 * the repository; `name` is the describe blocks and the test's title joined by ' › '.
 */
export function testsOfReport(suite, report) {
  const rows = [];
  for (const fileResult of report?.testResults ?? []) {
    const file = path.relative(root, fileResult.name ?? '') || String(fileResult.name);
    for (const test of fileResult.assertionResults ?? []) {
      if (typeof test.duration !== 'number') continue; // skipped or never run
      rows.push({
        suite,
        file,
        name: [...(test.ancestorTitles ?? []), test.title].join(' › '),
        ms: test.duration,
        status: test.status,
      });
    }
  }
  return rows;
}

/** The `top` slowest rows, slowest first (ties keep their order). */
export function slowest(rows, top) {
  return [...rows].sort((a, b) => b.ms - a.ms).slice(0, top);
}

/** One line per test: seconds right-aligned, suite, file, name. */
export function formatSlowest(rows, total) {
  const lines = [`slowest ${rows.length} of ${total} tests:`];
  const suiteWidth = Math.max(0, ...rows.map((row) => row.suite.length));
  for (const row of rows) {
    const seconds = `${(row.ms / 1000).toFixed(1)}s`.padStart(7);
    const failed = row.status === 'failed' ? ' (failed)' : '';
    lines.push(`${seconds}  ${row.suite.padEnd(suiteWidth)}  ${row.file} › ${row.name}${failed}`);
  }
  return lines.join('\n');
}

function main(argv) {
  let top = 20;
  const rows = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--top') {
      top = Number(argv[(i += 1)]);
      continue;
    }
    const eq = arg.indexOf('=');
    const suite = eq > 0 ? arg.slice(0, eq) : path.basename(arg, '.json');
    const file = eq > 0 ? arg.slice(eq + 1) : arg;
    try {
      rows.push(...testsOfReport(suite, JSON.parse(fs.readFileSync(file, 'utf8'))));
    } catch (error) {
      console.log(`(${suite}: no report read from ${file}: ${error.message})`);
    }
  }
  console.log(formatSlowest(slowest(rows, top), rows.length));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
