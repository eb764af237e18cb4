import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/platform/business-time.js';
import { call, registerUser, type Registered } from './helpers/api.js';
import { parseExportCsv as records } from './helpers/csv-parse.js';
import {
  dmy,
  expectedRow,
  two,
  withoutDescription,
  type LedgerBody,
} from './helpers/export-expect.js';
import {
  buildExportLedger,
  download,
  FORMULA_REFERENCE,
  VENDOR_NAME,
  type ExportLedger,
} from './helpers/export-fixtures.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let ledger: ExportLedger;
let accountant: Registered;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  ledger = await buildExportLedger(server);
  accountant = await registerUser(server.url);
  await addMember(server, ledger.siteId, accountant.user.id, 'accountant');
});
afterAll(async () => {
  await server?.close();
});

const vendorCsv = (query = '', token = ledger.owner.token) =>
  download(server, ledger.url(`/vendors/${ledger.vendor}/export?format=csv${query}`), token);

async function ledgerJson(query = ''): Promise<LedgerBody> {
  const res = await call<LedgerBody>(
    server.url,
    'GET',
    ledger.url(`/vendors/${ledger.vendor}/ledger?perPage=5000${query}`),
    { token: ledger.owner.token },
  );
  expect(res.status).toBe(200);
  return res.body;
}

describe('vendor ledger CSV', () => {
  it('is UTF-8 with BOM and RFC 4180, with the ledger endpoint’s entries, order and balances', async () => {
    const res = await vendorCsv('', accountant.token);
    expect(res.status).toBe(200);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const today = businessToday('Asia/Kolkata');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="vendor-ledger-Sons-Cement-${today}.csv"; ` +
        `filename*=UTF-8''${encodeURIComponent(`vendor-ledger-शर्मा-&-Sons-Cement-${today}.csv`)}`,
    );

    const rows = records(res.text);
    const body = await ledgerJson();
    expect(rows[0]).toEqual([
      'Date',
      'Type',
      'Reference',
      'Description',
      'Debit',
      'Credit',
      'Balance',
      'Supplier invoice no.',
    ]);
    expect(rows[1]).toEqual(['', 'Opening balance', '', '', '', '', '0.00', '']);
    const entries = rows.slice(2, -1);
    expect(entries.map(withoutDescription)).toEqual(body.entries.map(expectedRow));
    expect(rows.at(-1)).toEqual([
      dmy(today),
      'Closing balance',
      '',
      '',
      '',
      '',
      two(body.closing_balance),
      '',
    ]);
    expect(body.closing_balance).toBe(72944.05);

    // Formula cells are text, quotes doubled inside quoted fields, Hindi untouched.
    const d2 = entries.find((row) => row[2]!.includes('HYPERLINK'))!;
    expect(d2[2]).toBe(`'${FORMULA_REFERENCE}`);
    expect(d2[3]).toBe(`'-5 bags short, "to follow"`);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.test"",""पैसे"")"`);
    for (const row of entries) {
      expect(row[0]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      for (const cell of row.slice(4, 7)) expect(cell).toMatch(/^-?\d+\.\d{2}$/);
      for (const cell of row.slice(1, 4)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    // A negative balance is a number, not guarded text; amounts carry no ₹ and no grouping.
    expect(entries[0]).toEqual([
      '02-01-2026',
      'Credit note',
      'CN-OLD',
      'Rate difference',
      '500.00',
      '0.00',
      '-500.00',
      '',
    ]);
    const p2 = entries.find((row) => row[2] === 'CASH-7')!;
    expect(p2[3]).toBe('From Site Cash · Credit notes ₹4,355.50');
    expect(p2.slice(4)).toEqual(['6000.00', '0.00', '77944.05', '']);
  });

  it('a date range opens with the balance before it and matches ledger?from&to', async () => {
    const query = '&from=2026-01-16&to=2026-01-31';
    const rows = records((await vendorCsv(query)).text);
    const body = await ledgerJson(query);
    expect(body.opening_balance).toBe(108919.55);
    expect(rows[1]).toEqual(['16-01-2026', 'Opening balance', '', '', '', '', '108919.55', '']);
    expect(rows.slice(2, -1).map(withoutDescription)).toEqual(body.entries.map(expectedRow));
    expect(rows.at(-1)).toEqual([
      '31-01-2026',
      'Closing balance',
      '',
      '',
      '',
      '',
      two(body.closing_balance),
      '',
    ]);
  });
});

describe('account statement CSV', () => {
  interface Tx {
    transaction_date: string;
    type: 'credit' | 'debit';
    amount: number;
    reference: string | null;
  }

  it('opening = opening_balance + what moved before from; closing = opening + credits − debits', async () => {
    const all = await download(
      server,
      ledger.url(`/accounts/${ledger.bank}/statement?format=csv`),
      accountant.token,
    );
    expect(all.status).toBe(200);
    expect(all.headers.get('content-disposition')).toMatch(
      /^attachment; filename="account-statement-HDFC-Current-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''account-statement-HDFC-Current-/,
    );
    const rows = records(all.text);
    expect(rows[0]).toEqual([
      'Date',
      'Description',
      'Reference',
      'Category',
      'Debit',
      'Credit',
      'Balance',
    ]);
    expect(rows[1]).toEqual(['', 'Opening balance', '', '', '', '', '500000.00']);
    const list = await call<{ items: Tx[] }>(
      server.url,
      'GET',
      ledger.url(`/account_transactions?account=${ledger.bank}&sort=transaction_date,created`),
      { token: ledger.owner.token },
    );
    let balance = 500000;
    const expected = list.body.items.map((tx) => {
      balance += tx.type === 'credit' ? tx.amount : -tx.amount;
      const debit = tx.type === 'debit' ? tx.amount : 0;
      const credit = tx.type === 'credit' ? tx.amount : 0;
      return [dmy(tx.transaction_date), tx.reference ?? '', two(debit), two(credit), two(balance)];
    });
    const pick = (row: string[]) => [row[0], row[2], row[4], row[5], row[6]];
    expect(rows.slice(2, -1).map(pick)).toEqual(expected);
    expect(rows[2]).toEqual([
      '20-01-2026',
      `Payment to ${VENDOR_NAME}`,
      'UTR-0001',
      'Payment',
      '40000.00',
      '0.00',
      '460000.00',
    ]);
    expect(rows[3]![1]).toBe(`Refund from ${VENDOR_NAME}`);
    const account = await call<{ current_balance: number }>(
      server.url,
      'GET',
      ledger.url(`/accounts/${ledger.bank}`),
      { token: ledger.owner.token },
    );
    expect(rows.at(-1)![6]).toBe(two(account.body.current_balance));

    const ranged = records(
      (
        await download(
          server,
          ledger.url(`/accounts/${ledger.bank}/statement?format=csv&from=2026-01-21&to=2026-01-31`),
          ledger.owner.token,
        )
      ).text,
    );
    expect(ranged.map((row) => [row[0], row[1], row[6]])).toEqual([
      ['Date', 'Description', 'Balance'],
      ['21-01-2026', 'Opening balance', '460000.00'],
      ['26-01-2026', `Refund from ${VENDOR_NAME}`, '461000.00'],
      ['31-01-2026', 'Closing balance', '461000.00'],
    ]);
  });
});
