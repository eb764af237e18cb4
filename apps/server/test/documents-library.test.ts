import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 41: the generic document writers (PDF canvas, XLSX, CSV, download names) are a library
// of their own in src/documents; modules import it, it imports no module, and no module reaches
// into another module's files for them.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const documents = path.join(src, 'documents');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import of `file`, resolved to a path under src (".js" → ".ts"). */
function relativeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'\s*\)/g)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'));
  return specifiers.map((specifier) =>
    path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'),
  );
}

const WRITERS = [
  'csv-writer.ts',
  'download.ts',
  'format.ts',
  'pdf-canvas.ts',
  'pdf-scripts.ts',
  'pdf-wrap.ts',
  'xlsx-writer.ts',
];

describe('documents library', () => {
  it('holds the generic writers, and modules/exports no longer does', () => {
    for (const name of WRITERS) expect(fs.existsSync(path.join(documents, name)), name).toBe(true);
    const left = ['csv-writer.ts', 'download.ts', 'pdf/pdf-canvas.ts', 'pdf/pdf-scripts.ts']
      .concat(['pdf/pdf-wrap.ts', 'xlsx/xlsx-writer.ts'])
      .filter((name) => fs.existsSync(path.join(src, 'modules/exports', name)));
    expect(left).toEqual([]);
  });

  it('imports no module, platform piece or database code', () => {
    const outside = sourceFiles(documents).flatMap((file) =>
      relativeImports(file)
        .filter((target) => !target.startsWith(documents + path.sep))
        .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
    );
    expect(outside).toEqual([]);
  });

  it('is what other modules import: none reaches into modules/exports', () => {
    const exportsDir = path.join(src, 'modules/exports');
    const reaching = sourceFiles(path.join(src, 'modules'))
      .filter((file) => !file.startsWith(exportsDir + path.sep))
      .flatMap((file) =>
        relativeImports(file)
          .filter((target) => target.startsWith(exportsDir + path.sep))
          .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
      );
    expect(reaching).toEqual([]);
  });

  it('exports the writers the features use', async () => {
    const canvas = await import('../src/documents/pdf-canvas.js');
    const wrap = await import('../src/documents/pdf-wrap.js');
    const xlsx = await import('../src/documents/xlsx-writer.js');
    const csv = await import('../src/documents/csv-writer.js');
    const download = await import('../src/documents/download.js');
    const format = await import('../src/documents/format.js');
    expect(typeof canvas.createPdf).toBe('function');
    expect(typeof canvas.drawAmount).toBe('function');
    expect(typeof wrap.onePagePdf).toBe('function');
    expect(typeof xlsx.xlsxStream).toBe('function');
    expect(csv.csvRow([csv.money(-15000), 'a,b'])).toBe('-150.00,"a,b"\r\n');
    expect(download.contentDisposition('po', 'x', 'd', 'pdf', 'f')).toContain(
      'filename="po-x-d.pdf"',
    );
    expect(format.indianDate('2026-03-09')).toBe('09-03-2026');
  });
});
