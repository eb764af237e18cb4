import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdf } from '../src/documents/pdf-canvas.js';
import {
  pageCount,
  renderStatement,
  type StatementHeading,
  type StatementRow,
} from '../src/modules/exports/pdf/statement-layout.js';
import { insertManyDeliveries } from './helpers/export-expect.js';
import {
  buildExportLedger,
  download,
  SITE_NAME,
  VENDOR_NAME,
  type ExportLedger,
} from './helpers/export-fixtures.js';
import { moneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// CI installs poppler-utils; on a developer's machine without it only the render checks are
// skipped. In CI (CI set) a missing poppler fails the run: a skip there would go unnoticed.
const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
const skipRender = !hasPoppler && !process.env.CI;
const NO_POPPLER =
  'poppler-utils (pdftotext, pdfinfo, pdftoppm) is not installed; CI must install it so the PDF render checks run';

describe.runIf(!hasPoppler && process.env.CI)('poppler in CI', () => {
  it('is installed', () => {
    throw new Error(NO_POPPLER);
  });
});

/** Where the rendered first pages are kept for a person to look at. */
const ARTIFACTS = path.join(os.tmpdir(), 'siteledger-exports');

let server: TestServer;
let ledger: ExportLedger;
let work: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  ledger = await buildExportLedger(server);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-pdf-'));
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await server?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function pdf(pathName: string, file: string): Promise<string> {
  const res = await download(server, ledger.url(pathName), ledger.owner.token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(res.bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  const target = path.join(work, file);
  fs.writeFileSync(target, res.bytes);
  return target;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command}: ${result.error.message} — ${NO_POPPLER}`);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const text = (file: string, page?: number) =>
  run('pdftotext', [
    '-layout',
    ...(page ? ['-f', String(page), '-l', String(page)] : []),
    file,
    '-',
  ]);

const pages = (file: string) => Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]))?.[1]);

/** Renders page 1 at 80 dpi and checks it is an A4-shaped PNG; returns its path. */
function renderFirstPage(file: string, name: string): string {
  const prefix = path.join(ARTIFACTS, name);
  run('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
  const png = fs.readFileSync(`${prefix}.png`);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.readUInt32BE(16)).toBe(662); // 595.28 pt at 80 dpi
  expect(png.readUInt32BE(20)).toBe(936);
  return `${prefix}.png`;
}

describe.skipIf(skipRender)('vendor statement PDF', () => {
  it('has the site, the vendor (Hindi), its details, ₹ amounts, balances and page numbers', async () => {
    const file = await pdf(`/vendors/${ledger.vendor}/export?format=pdf`, 'vendor.pdf');
    const content = text(file);
    for (const expected of [
      'Vendor statement',
      SITE_NAME,
      VENDOR_NAME,
      'GSTIN: 27AAPFU0939F1ZV',
      'Contact: रमेश शर्मा · +91 98765 43210',
      'Period: All dates',
      'Opening balance',
      'Closing balance',
      'Total billed',
      '₹1,28,299.55',
      'Outstanding',
      '₹80,444.05',
      '₹82,075.00',
      '₹72,944.05',
      '-₹500.00',
      'Page 1 of 1',
    ]) {
      expect(content, expected).toContain(expected);
    }
    expect(pages(file)).toBe(1);
    // Page 1 as an image, for a person to look at (an accountant's statement).
    expect(renderFirstPage(file, 'vendor-statement')).toMatch(/\.png$/);
  });

  it('a period shows its dates and the opening balance before it', async () => {
    const file = await pdf(
      `/vendors/${ledger.vendor}/export?format=pdf&from=2026-01-16&to=2026-01-31`,
      'vendor-range.pdf',
    );
    const content = text(file);
    expect(content).toContain('Period: 16-01-2026 – 31-01-2026');
    expect(content).toMatch(/16-01-2026\s+Opening balance\s+₹1,08,919.55/);
    expect(content).toMatch(/31-01-2026\s+Closing balance\s+₹65,064.05/);
    expect(content).not.toContain('CH-103');
  });

  it('a long ledger repeats the table head on every page and numbers the pages', async () => {
    const kit = moneyKit(server, ledger.siteId, ledger.owner.token);
    const vendor = await kit.vendor('Long Ledger Traders');
    const target = { siteId: ledger.siteId, vendor, item: await kit.item() };
    await insertManyDeliveries(server, target, 130, { delivery: 'p', line: 'q' });
    const file = await pdf(`/vendors/${vendor}/export?format=pdf`, 'long.pdf');
    const total = pages(file);
    expect(total).toBeGreaterThanOrEqual(3);
    for (let page = 1; page <= total; page += 1) {
      const content = text(file, page);
      expect(content).toContain(`Page ${page} of ${total}`);
      expect(content).toMatch(/Date\s+Type \/ Description\s+Reference\s+Debit\s+Credit\s+Balance/);
      if (page > 1) expect(content).toContain('Vendor statement · Long Ledger Traders');
    }
    expect(text(file, total)).toMatch(/Closing balance\s+₹13,000.00/);
    const all = text(file);
    expect(all.match(/CH-\d+/g)).toHaveLength(130);
  });
});

describe.skipIf(skipRender)('account statement PDF', () => {
  it('shows the account, the period, opening and closing balances', async () => {
    const file = await pdf(
      `/accounts/${ledger.bank}/statement?format=pdf&from=2026-01-21`,
      'statement.pdf',
    );
    const content = text(file);
    for (const expected of [
      'Account statement',
      SITE_NAME,
      'HDFC Current',
      'Bank account',
      'Period: From 21-01-2026',
      'Opening balance',
      '₹4,60,000.00',
      'Refund from शर्मा &', // the description is cut to its column
      '₹4,56,000.00',
      'Page 1 of 1',
    ]) {
      expect(content, expected).toContain(expected);
    }
    expect(content).not.toContain('UTR-0001');
    renderFirstPage(file, 'account-statement');
  });
});

describe.skipIf(skipRender)('page count known before drawing', () => {
  const heading = (rowCount: number): StatementHeading => ({
    title: 'Vendor statement',
    siteName: 'Site',
    partyLabel: 'Vendor',
    partyName: 'Vendor',
    partyDetails: ['GSTIN: 27AAPFU0939F1ZV', 'Contact: someone'],
    period: 'All dates',
    generated: '01-01-2026',
    summary: [{ label: 'Closing balance', value: '₹0.00', strong: true }],
    note: 'Balance',
    kindLabel: 'Type / Description',
    rowCount,
  });
  const row = (i: number): StatementRow => ({
    date: '01-01-2026',
    kind: 'Delivery',
    detail: '',
    reference: `R-${i}`,
    debit: '',
    credit: '₹1.00',
    balance: `₹${i}.00`,
  });

  async function render(rowCount: number): Promise<string> {
    const doc = createPdf('t', 't');
    const parts: Buffer[] = [];
    doc.on('data', (part: Buffer) => parts.push(part));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    async function* rows() {
      yield Array.from({ length: rowCount }, (_, i) => row(i));
    }
    await renderStatement(doc, heading(rowCount), row(-1), rows(), () => [row(-2), row(-3)]);
    await ended;
    const file = path.join(work, `count-${rowCount}.pdf`);
    fs.writeFileSync(file, Buffer.concat(parts));
    return file;
  }

  it('"Page n of m" matches the pages drawn at every page boundary', async () => {
    // The row counts where one more row needs one more page, and their neighbours.
    const edges: number[] = [];
    for (let n = 1; n < 200; n += 1) {
      if (pageCount(heading(n)) !== pageCount(heading(n - 1))) edges.push(n - 1, n);
    }
    expect(edges.length).toBeGreaterThanOrEqual(4);
    for (const n of [0, ...edges]) {
      const file = await render(n);
      const m = pageCount(heading(n));
      expect(pages(file), `${n} rows`).toBe(m);
      expect(text(file, m)).toContain(`Page ${m} of ${m}`);
    }
  });
});
