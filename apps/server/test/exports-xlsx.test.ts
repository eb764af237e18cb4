import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxStream, type XlsxColumn } from '../src/documents/xlsx-writer.js';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { parseExportCsv as records } from './helpers/csv-parse.js';
import { guarded, insertManyDeliveries } from './helpers/export-expect.js';
import {
  buildExportLedger,
  download,
  FORMULA_REFERENCE,
  SITE_NAME,
  VENDOR_NAME,
  type ExportLedger,
} from './helpers/export-fixtures.js';
import { addMember } from './helpers/fixtures.js';
import { moneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let server: TestServer;
let ledger: ExportLedger;
let accountant: Registered;
let outsider: Registered;
let zero: { vendor: string; account: string };

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  ledger = await buildExportLedger(server);
  accountant = await registerUser(server.url);
  await addMember(server, ledger.siteId, accountant.user.id, 'accountant');
  outsider = await registerUser(server.url);
  await createSite(server.url, outsider.token, { name: 'Other site' });

  // References that look like numbers: a spreadsheet must keep their leading zeros.
  const kit = moneyKit(server, ledger.siteId, ledger.owner.token);
  const vendor = await kit.vendor('Zero Traders');
  const account = await kit.account(5000);
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await call(server.url, 'POST', ledger.url(path), {
      token: ledger.owner.token,
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await post('/deliveries', {
    vendor,
    delivery_date: '2026-03-01',
    delivery_reference: '007',
    delivery_items: [{ item: await kit.item(), quantity: 3, unit_price: 1234.55 }],
  });
  await post('/payments', {
    vendor,
    account,
    amount: 1000.1,
    payment_date: '2026-03-02',
    reference: '00123',
  });
  zero = { vendor, account };
});
afterAll(async () => {
  await server?.close();
});

type Cell = ExcelJS.Cell;

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

/** The row number of the header (the row whose first cell is "Date"). */
function headerRowOf(sheet: ExcelJS.Worksheet): number {
  for (let n = 1; n <= 20; n += 1) if (sheet.getRow(n).getCell(1).value === 'Date') return n;
  throw new Error('no header row');
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number, width = 7): Cell[] =>
  Array.from({ length: width }, (_, i) => sheet.getRow(n).getCell(i + 1));

/** A cell as the CSV export writes it: dates DD-MM-YYYY, amounts with two decimals. */
function asCsv(cell: Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString().slice(0, 10);
    return iso.split('-').reverse().join('-');
  }
  if (typeof value === 'number') return value.toFixed(2);
  if (typeof value === 'string') return guarded(value);
  throw new Error(`unexpected cell ${JSON.stringify(value)}`);
}

/** Data rows: from the header to the row before "Total for the period", as CSV strings. */
function dataRows(sheet: ExcelJS.Worksheet, labelColumn: number, width = 7) {
  const header = headerRowOf(sheet);
  const rows: Cell[][] = [];
  let n = header + 1;
  while (sheet.getRow(n).getCell(labelColumn).value !== 'Total for the period') {
    rows.push(rowValues(sheet, n, width));
    n += 1;
    if (n > header + 100_000) throw new Error('no totals row');
  }
  return {
    header,
    rows,
    totals: rowValues(sheet, n, width),
    after: rowValues(sheet, n + 1, width),
    last: n + 1,
  };
}

const paise = (rupees: string) => Math.round(Number(rupees) * 100);

describe('vendor ledger XLSX', () => {
  it('has the CSV’s rows, typed, a bold frozen header, an autofilter and totals', async () => {
    const path = `/vendors/${ledger.vendor}/export?format=xlsx`;
    const res = await download(server, ledger.url(path), accountant.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const today = businessToday('Asia/Kolkata');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="vendor-ledger-Sons-Cement-${today}.xlsx"; ` +
        `filename*=UTF-8''${encodeURIComponent(`vendor-ledger-शर्मा-&-Sons-Cement-${today}.xlsx`)}`,
    );
    expect(res.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    const sheet = await workbookOf(res.bytes);
    expect(sheet.name).toBe('Vendor ledger');
    expect(sheet.getRow(1).getCell(1).value).toBe('Vendor ledger');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const info = [2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(1).value);
    expect(info).toEqual([
      `Site: ${SITE_NAME}`,
      `Vendor: ${VENDOR_NAME} (GSTIN 27AAPFU0939F1ZV)`,
      'Period: All dates',
      `Generated: ${today.split('-').reverse().join('-')}`,
    ]);

    // Issue 40: the supplier invoice number is the eighth, last column.
    const { header, rows, totals, after } = dataRows(sheet, 2, 8);
    expect(rowValues(sheet, header, 8).map((c) => c.value)).toEqual([
      'Date',
      'Type',
      'Reference',
      'Description',
      'Debit',
      'Credit',
      'Balance',
      'Supplier invoice no.',
    ]);
    for (const cell of rowValues(sheet, header)) expect(cell.font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
    expect(sheet.autoFilter).toBeTruthy();

    // Same rows as the CSV export of the same data (the CSV guards formula text with ').
    const csv = records(
      (await download(server, ledger.url(path.replace('xlsx', 'csv')), accountant.token)).text,
    );
    expect([...rows, after].map((row) => row.map(asCsv))).toEqual(csv.slice(1));
    expect(csv.at(-1)![6]).toBe('72944.05');

    // Money: numbers in rupees with #,##0.00; zero amounts are 0, as in the CSV.
    const closing = after[6]!;
    expect(closing.value).toBe(72944.05);
    expect(closing.numFmt).toBe('#,##0.00');
    expect(after[1]!.value).toBe('Closing balance');
    const entries = rows.slice(1);
    const negative = entries[0]!;
    expect(negative.map((c) => c.value)).toEqual([
      new Date('2026-01-02T00:00:00.000Z'),
      'Credit note',
      'CN-OLD',
      'Rate difference',
      500,
      0,
      -500,
      null,
    ]);
    for (const row of entries) {
      expect(row[0]!.value).toBeInstanceOf(Date);
      expect(row[0]!.numFmt).toBe('dd-mm-yyyy');
      for (const cell of row.slice(4, 7)) {
        expect(typeof cell.value).toBe('number');
        expect(cell.numFmt).toBe('#,##0.00');
      }
      for (const cell of row.slice(1, 4)) {
        expect(cell.value === null || typeof cell.value === 'string').toBe(true);
      }
    }
    // A reference that is a formula stays text, exactly as typed, never a formula cell.
    const d2 = entries.find((row) => row[2]!.value === FORMULA_REFERENCE)!;
    expect(d2[2]!.type).toBe(ExcelJS.ValueType.String);
    expect(d2[3]!.value).toBe('-5 bags short, "to follow"');

    // Σ debit and Σ credit of the entries, exact to the paisa, as SUM formulas with results.
    const sum = (index: number) =>
      csv.slice(2, -1).reduce((total, row) => total + paise(row[index]!), 0) / 100;
    expect(totals[1]!.value).toBe('Total for the period');
    expect(totals[4]!.value).toMatchObject({ result: sum(4) });
    expect(totals[5]!.value).toMatchObject({ result: sum(5) });
    expect((totals[4]!.value as ExcelJS.CellFormulaValue).formula).toMatch(/^SUM\(E\d+:E\d+\)$/);
    expect(totals[4]!.font?.bold).toBe(true);
    expect(totals[6]!.value).toBeNull();
    // Opening + credits − debits = closing.
    const opening = rows[0]![6]!.value as number;
    expect(Math.round((opening + sum(5) - sum(4)) * 100)).toBe(Math.round(72944.05 * 100));
  });

  it('a date range opens with the balance before it, like the CSV', async () => {
    const query = '&from=2026-01-16&to=2026-01-31';
    const xlsx = await download(
      server,
      ledger.url(`/vendors/${ledger.vendor}/export?format=xlsx${query}`),
      ledger.owner.token,
    );
    expect(xlsx.headers.get('content-disposition')).toContain(
      'vendor-ledger-Sons-Cement-2026-01-16_2026-01-31.xlsx',
    );
    const sheet = await workbookOf(xlsx.bytes);
    expect(sheet.getRow(4).getCell(1).value).toBe('Period: 16-01-2026 – 31-01-2026');
    const { rows, after } = dataRows(sheet, 2, 8);
    const csv = records(
      (
        await download(
          server,
          ledger.url(`/vendors/${ledger.vendor}/export?format=csv${query}`),
          ledger.owner.token,
        )
      ).text,
    );
    expect([...rows, after].map((row) => row.map(asCsv))).toEqual(csv.slice(1));
    expect(rows[0]!.map((c) => c.value)).toEqual([
      new Date('2026-01-16T00:00:00.000Z'),
      'Opening balance',
      null,
      null,
      null,
      null,
      108919.55,
      null,
    ]);
  });

  it('keeps references that look like numbers as text ("007", "00123")', async () => {
    const res = await download(
      server,
      ledger.url(`/vendors/${zero.vendor}/export?format=xlsx`),
      accountant.token,
    );
    expect(res.status).toBe(200);
    const { rows, totals, after } = dataRows(await workbookOf(res.bytes), 2);
    const delivery = rows.find((row) => row[1]!.value === 'Delivery')!;
    expect(delivery[2]!.value).toBe('007');
    expect(delivery[2]!.type).toBe(ExcelJS.ValueType.String);
    expect(delivery[2]!.numFmt).toBe('@');
    expect(delivery[5]!.value).toBe(3703.65);
    const payment = rows.find((row) => row[1]!.value === 'Payment')!;
    expect(payment[2]!.value).toBe('00123');
    expect(payment[4]!.value).toBe(1000.1);
    expect(totals[4]!.value).toMatchObject({ result: 1000.1 });
    expect(totals[5]!.value).toMatchObject({ result: 3703.65 });
    expect(after[6]!.value).toBe(2703.55);
  });
});

describe('account statement XLSX', () => {
  it('has the statement CSV’s rows, typed, with totals and the closing balance', async () => {
    const path = `/accounts/${ledger.bank}/statement?format=xlsx`;
    const res = await download(server, ledger.url(path), accountant.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="account-statement-HDFC-Current-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''account-statement-HDFC-Current-/,
    );
    const sheet = await workbookOf(res.bytes);
    expect(sheet.name).toBe('Account statement');
    expect(sheet.getRow(3).getCell(1).value).toBe('Account: HDFC Current');
    const { header, rows, totals, after } = dataRows(sheet, 2);
    expect(rowValues(sheet, header).map((c) => c.value)).toEqual([
      'Date',
      'Description',
      'Reference',
      'Category',
      'Debit',
      'Credit',
      'Balance',
    ]);
    const csv = records(
      (await download(server, ledger.url(path.replace('xlsx', 'csv')), accountant.token)).text,
    );
    expect([...rows, after].map((row) => row.map(asCsv))).toEqual(csv.slice(1));
    expect(rows[0]![6]!.value).toBe(500000);
    expect(rows[1]!.map((c) => c.value)).toEqual([
      new Date('2026-01-20T00:00:00.000Z'),
      `Payment to ${VENDOR_NAME}`,
      'UTR-0001',
      'Payment',
      40000,
      0,
      460000,
    ]);
    const account = await call<{ current_balance: number }>(
      server.url,
      'GET',
      ledger.url(`/accounts/${ledger.bank}`),
      { token: ledger.owner.token },
    );
    expect(after[6]!.value).toBe(account.body.current_balance);
    expect(after[6]!.numFmt).toBe('#,##0.00');
    const sum = (index: number) =>
      csv.slice(2, -1).reduce((total, row) => total + paise(row[index]!), 0) / 100;
    expect(totals[1]!.value).toBe('Total for the period');
    expect(totals[4]!.value).toMatchObject({ result: sum(4) });
    expect(totals[5]!.value).toMatchObject({ result: sum(5) });
  });

  it('a reference "00123" stays text; a period with no entries still has its edges', async () => {
    const res = await download(
      server,
      ledger.url(`/accounts/${zero.account}/statement?format=xlsx&from=2026-03-01&to=2026-03-31`),
      ledger.owner.token,
    );
    const { rows, totals, after } = dataRows(await workbookOf(res.bytes), 2);
    expect(rows.map((row) => row.map((c) => c.value))).toEqual([
      [new Date('2026-03-01T00:00:00.000Z'), 'Opening balance', null, null, null, null, 5000],
      [
        new Date('2026-03-02T00:00:00.000Z'),
        'Payment to Zero Traders',
        '00123',
        'Payment',
        1000.1,
        0,
        3999.9,
      ],
    ]);
    expect(totals[4]!.value).toMatchObject({ result: 1000.1 });
    expect(after.map((c) => c.value)).toEqual([
      new Date('2026-03-31T00:00:00.000Z'),
      'Closing balance',
      null,
      null,
      null,
      null,
      3999.9,
    ]);

    const empty = await download(
      server,
      ledger.url(`/accounts/${zero.account}/statement?format=xlsx&from=2027-01-01&to=2027-01-31`),
      ledger.owner.token,
    );
    const edges = dataRows(await workbookOf(empty.bytes), 2);
    expect(edges.rows).toHaveLength(1);
    // exceljs's reader leaves a zero result out of `value`; the file has <v>0</v>.
    expect(edges.totals[4]!.formula).toMatch(/^SUM\(E\d+:E\d+\)$/);
    expect(edges.totals[4]!.result).toBe(0);
    expect(edges.after[6]!.value).toBe(3999.9);
  });
});

describe('who may download XLSX', () => {
  it('anonymous 401, another site’s member 403, its vendor 404, a bad format 400', async () => {
    const vendorPath = ledger.url(`/vendors/${ledger.vendor}/export?format=xlsx`);
    const statementPath = ledger.url(`/accounts/${ledger.bank}/statement?format=xlsx`);
    for (const path of [vendorPath, statementPath]) {
      expect(await call(server.url, 'GET', path)).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHENTICATED' },
      });
      expect(await call(server.url, 'GET', path, { token: outsider.token })).toMatchObject({
        status: 403,
        body: { code: 'ACCESS_DENIED' },
      });
    }
    const otherSite = (await createSite(server.url, outsider.token, { name: 'Third site' })).id;
    const foreign = await moneyKit(server, otherSite, outsider.token).vendor('Foreign vendor');
    expect(
      await call(server.url, 'GET', ledger.url(`/vendors/${foreign}/export?format=xlsx`), {
        token: ledger.owner.token,
      }),
    ).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const bad = await call(
      server.url,
      'GET',
      ledger.url(`/accounts/${ledger.bank}/statement?format=xls`),
      { token: ledger.owner.token },
    );
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});

describe('a ledger of 3 000 entries', () => {
  it('streams in several chunks and ends on the ledger’s balance', async () => {
    const site = (await createSite(server.url, ledger.owner.token)).id;
    const kit = moneyKit(server, site, ledger.owner.token);
    const vendor = await kit.vendor('Bulk supplier');
    await insertManyDeliveries(server, { siteId: site, vendor, item: await kit.item() }, 3000, {
      delivery: 'x',
      line: 'y',
    });
    const res = await fetch(
      `${server.url}/api/sites/${site}/vendors/${vendor}/export?format=xlsx`,
      {
        headers: { authorization: `Bearer ${ledger.owner.token}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const parts: Buffer[] = [];
    for await (const part of res.body!) parts.push(Buffer.from(part));
    expect(parts.length).toBeGreaterThan(1);
    const { rows, totals, after } = dataRows(await workbookOf(Buffer.concat(parts)), 2);
    expect(rows).toHaveLength(3001);
    expect(rows.at(-1)![6]!.value).toBe(300000);
    expect(totals[5]!.value).toMatchObject({ result: 300000 });
    expect(after[6]!.value).toBe(300000);
  });
});

describe('XLSX writer', () => {
  it('writes quantity, percent and rupee amounts exactly, text never as numbers', async () => {
    type Key = 'code' | 'day' | 'qty' | 'rate' | 'amount';
    const columns: XlsxColumn<Key>[] = [
      { key: 'code', header: 'GSTIN', kind: 'text' },
      { key: 'day', header: 'Date', kind: 'date' },
      { key: 'qty', header: 'Quantity', kind: 'quantity', total: true },
      { key: 'rate', header: 'GST rate', kind: 'percent' },
      { key: 'amount', header: 'Taxable', kind: 'money', unit: 'rupees', total: true },
    ];
    async function* rows() {
      yield { code: '27AAPFU0939F1ZV', day: '2026-04-01', qty: 0.125, rate: 18, amount: 0.1 };
      yield [
        { code: 123, day: '2026-04-30', qty: 2.0004, rate: 0.25, amount: 0.2 },
        { code: '0042', qty: 1, amount: 1_000_000_000.07 },
      ];
    }
    const errors: unknown[] = [];
    const stream = xlsxStream(
      {
        title: 'Purchase register: Q1 [2026]',
        info: ['Site: A'],
        columns,
        rows: rows(),
        totals: { label: 'Total' },
      },
      (error) => errors.push(error),
    );
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
    expect(errors).toEqual([]);
    const sheet = await workbookOf(Buffer.concat(parts));
    expect(sheet.name).toBe('Purchase register  Q1  2026');
    expect(sheet.getRow(4).getCell(1).value).toBe('GSTIN');
    const values = [5, 6, 7, 8].map((n) => rowValues(sheet, n, 5).map((c) => c.value));
    expect(values.slice(0, 3)).toEqual([
      ['27AAPFU0939F1ZV', new Date('2026-04-01T00:00:00.000Z'), 0.125, 0.18, 0.1],
      ['123', new Date('2026-04-30T00:00:00.000Z'), 2, 0.0025, 0.2],
      ['0042', null, 1, null, 1000000000.07],
    ]);
    expect(values[3]![0]).toBe('Total');
    expect(values[3]![2]).toMatchObject({ formula: 'SUM(C5:C7)', result: 3.125 });
    // 0.1 + 0.2 would be 0.30000000000000004 in floats: sums are kept in paise.
    expect(values[3]![4]).toMatchObject({ result: 1000000000.37 });
    const formats = rowValues(sheet, 5, 5).map((c) => c.numFmt);
    expect(formats).toEqual(['@', 'dd-mm-yyyy', '#,##0.000', '0.00%', '#,##0.00']);
    expect(sheet.getColumn(5).width).toBeGreaterThanOrEqual(15);
  });
});
