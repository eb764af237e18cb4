// node --test: the slowest-tests list .ci/run prints from the suites' Vitest JSON reports.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { formatSlowest, slowest, testsOfReport } from '../slowest-tests.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** The shape Vitest's json reporter writes (only the fields the script reads). */
function report(files) {
  return {
    testResults: files.map(([file, tests]) => ({
      name: path.join(root, file),
      assertionResults: tests.map(([title, duration, status = 'passed']) => ({
        ancestorTitles: ['outer', 'inner'],
        title,
        duration,
        status,
      })),
    })),
  };
}

describe('slowest tests', () => {
  it('reads every test of a report with its file, describe blocks and duration', () => {
    const rows = testsOfReport('e2e', report([['e2e/items.e2e.ts', [['adds an item', 2500]]]]));
    assert.deepEqual(rows, [
      {
        suite: 'e2e',
        file: 'e2e/items.e2e.ts',
        name: 'outer › inner › adds an item',
        ms: 2500,
        status: 'passed',
      },
    ]);
  });

  it('skips tests that never ran and tolerates an empty report', () => {
    const skipped = report([['a.test.ts', [['skipped', undefined, 'skipped']]]]);
    assert.deepEqual(testsOfReport('sqlite', skipped), []);
    assert.deepEqual(testsOfReport('sqlite', {}), []);
  });

  it('keeps the slowest first across suites, at most `top`', () => {
    const rows = [
      ...testsOfReport(
        'sqlite',
        report([
          [
            's.test.ts',
            [
              ['fast', 10],
              ['slow', 900],
            ],
          ],
        ]),
      ),
      ...testsOfReport(
        'e2e',
        report([
          [
            'e.e2e.ts',
            [
              ['slower', 1200],
              ['mid', 500],
            ],
          ],
        ]),
      ),
    ];
    const names = slowest(rows, 3).map((row) => `${row.suite}:${row.ms}`);
    assert.deepEqual(names, ['e2e:1200', 'sqlite:900', 'e2e:500']);
  });

  it('prints seconds, suite, file and name, and marks failures', () => {
    const rows = testsOfReport('postgres', report([['t.test.ts', [['pays', 12345, 'failed']]]]));
    assert.equal(
      formatSlowest(rows, 7),
      'slowest 1 of 7 tests:\n  12.3s  postgres  t.test.ts › outer › inner › pays (failed)',
    );
  });

  it('names a report it cannot read and still prints the others', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slowest-'));
    try {
      const good = path.join(dir, 'good.json');
      fs.writeFileSync(good, JSON.stringify(report([['g.test.ts', [['works', 1500]]]])));
      const out = execFileSync(
        process.execPath,
        [
          path.join(root, 'scripts/slowest-tests.mjs'),
          '--top',
          '5',
          `sqlite=${good}`,
          `e2e=${path.join(dir, 'missing.json')}`,
        ],
        { encoding: 'utf8' },
      );
      assert.match(out, /\(e2e: no report read from .*missing\.json/);
      assert.match(
        out,
        /slowest 1 of 1 tests:\n {3}1\.5s {2}sqlite {2}g\.test\.ts › outer › inner › works/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
