/**
 * The report of a benchmark run: a line per scenario as it finishes, the Markdown table written to
 * bench/RESULTS*.md, and which lines fail the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cores, keptOff, log, only, pin, quick, root, scale, seconds, size } from './options.js';
import { placement } from './processes.js';
import type { Figures } from './processes.js';

export interface Line {
  db: string;
  scenario: string;
  ours: Figures;
  baseline?: Figures;
  target: string;
  met: boolean | null;
  note?: string;
}

/** Our requests per second over the baseline's (reads and writes alike). */
const ratio = (ours: Figures, base: Figures) => (ours.rps / Math.max(base.rps, 1)).toFixed(2);

/** The console line of a finished scenario. */
export function logLine(line: Line): void {
  const f = line.ours;
  log(
    `${line.db.padEnd(6)} ${line.scenario.padEnd(34)} ${f.rps.toFixed(0).padStart(6)}/s  p50 ${f.p50} p95 ${f.p95} p99 ${f.p99} ms  rss ${f.rss.toFixed(0)} MB` +
      (line.baseline
        ? `  | baseline ${line.baseline.rps.toFixed(0)}/s p95 ${line.baseline.p95} ms, ours/baseline ${ratio(f, line.baseline)}`
        : '') +
      (f.cpu
        ? `  cpu ${f.cpu.server.toFixed(2)} ms/req` +
          (f.cpu.database !== undefined ? ` + database ${f.cpu.database.toFixed(2)} ms/req` : '')
        : '') +
      (f.errors || f.non2xx ? `  ERRORS ${f.errors} non-2xx ${f.non2xx}` : '') +
      (line.baseline && (line.baseline.errors || line.baseline.non2xx)
        ? `  BASELINE ERRORS ${line.baseline.errors} non-2xx ${line.baseline.non2xx}`
        : ''),
  );
}

function report(lines: Line[]): string {
  const mem =
    Number(/MemTotal:\s+(\d+)/.exec(fs.readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) /
    1024 /
    1024;
  const out = [
    `# Benchmark results${quick ? ' (quick smoke)' : ''}${keptOff ? ' with SITE_READ_CACHE=off' : ''}`,
    '',
    `${new Date().toISOString()} · ${cores} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${mem.toFixed(1)} GiB · Node ${process.version} · ` +
      `seed scale ${scale} (${size.deliveries} deliveries on the large site) · ${seconds} s per scenario · ` +
      (pin
        ? Object.entries(placement)
            .map(([db, how]) => `${db}: ${how}`)
            .join('; ')
        : 'not pinned'),
    '',
    '| db | scenario | req/s | p50 ms | p95 ms | p99 ms | server RSS MB | baseline req/s | baseline p95 | ours/baseline | target | met |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines.map((l) => {
      const f = l.ours;
      const b = l.baseline;
      return `| ${l.db} | ${l.scenario} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.rss.toFixed(0)} | ${b ? b.rps.toFixed(0) : '—'} | ${b ? b.p95 : '—'} | ${b ? ratio(f, b) : '—'} | ${l.target} | ${l.met === null ? '—' : l.met ? 'yes' : '**no**'} |`;
    }),
    '',
    ...lines.filter((l) => l.note).map((l) => `- ${l.db} ${l.scenario}: ${l.note}`),
    ...[...new Set(lines.map((l) => l.db))].map((db) => {
      const peak = Math.max(...lines.filter((l) => l.db === db).map((l) => l.ours.rss));
      return `- ${db}: peak server RSS ${peak.toFixed(0)} MB over all scenarios (target ≤ 300 MB: ${peak <= 300 ? 'met' : '**missed**'})`;
    }),
  ];
  return `${out.join('\n')}\n`;
}

/** Prints the report and writes it to bench/RESULTS*.md. */
export function writeReport(lines: Line[]): void {
  const text = report(lines);
  // A partial run (--only) goes beside the output, not over the full run's table.
  const file = path.join(
    root,
    only
      ? 'bench/out/RESULTS-only.md'
      : quick
        ? 'bench/RESULTS-quick.md'
        : keptOff
          ? 'bench/RESULTS-kept-off.md'
          : 'bench/RESULTS.md',
  );
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The full report carries the hand-written reading of the figures (bench/ANALYSIS.md).
  const analysis = path.join(root, 'bench/ANALYSIS.md');
  fs.writeFileSync(
    file,
    only || quick || keptOff || !fs.existsSync(analysis)
      ? text
      : `${text}\n${fs.readFileSync(analysis, 'utf8')}`,
  );
  log(`\n${text}\nwritten to ${path.relative(root, file)}`);
}

/** The lines that fail the run: errors, or non-2xx answers where every answer should be 2xx. */
export function failures(lines: Line[]): Line[] {
  return lines.filter(
    (l) =>
      l.ours.errors > 0 ||
      (l.ours.non2xx > 0 && !l.scenario.startsWith('6') && !l.scenario.startsWith('7')) ||
      // A baseline that fails answers fast: its figure would flatter it, so the run fails.
      (l.baseline !== undefined && (l.baseline.errors > 0 || l.baseline.non2xx > 0)),
  );
}
