import {
  CSV_BOM,
  csvRow,
  money,
  type CsvCell,
  type MoneyCell,
} from '../../documents/csv-writer.js';
import { indianDate } from '../../documents/format.js';
import type { StatementSource, VendorExportSource } from './export-sources.js';
import {
  categoryLabel,
  ledgerDescription,
  ledgerTypeLabel,
  statementDescription,
} from './format.js';

type Cell = CsvCell;

/** What a running-balance CSV reads: the period, the opening balance and the entries' chunks. */
interface BalanceSource<L extends { balance: number }> {
  from: string | undefined;
  to: string | undefined;
  today: string;
  opening: number;
  lines(): AsyncGenerator<L[]>;
}

/**
 * A running-balance file as CSV: header, opening balance, one row per entry, closing balance.
 * Yields one string per chunk of entries, so the response is written as the rows are read.
 * `balanceRow` places a date, a label and a balance in the file's columns.
 */
async function* balanceCsv<L extends { balance: number }>(
  source: BalanceSource<L>,
  header: readonly string[],
  row: (line: L) => Cell[],
  balanceRow: (date: Cell, label: string, balance: MoneyCell) => Cell[],
): AsyncGenerator<string> {
  const from = source.from ? indianDate(source.from) : null;
  yield (
    CSV_BOM +
    csvRow([...header]) +
    csvRow(balanceRow(from, 'Opening balance', money(source.opening)))
  );
  let balance = source.opening;
  for await (const lines of source.lines()) {
    let text = '';
    for (const line of lines) {
      text += csvRow(row(line));
      balance = line.balance;
    }
    yield text;
  }
  const to = indianDate(source.to ?? source.today);
  yield csvRow(balanceRow(to, 'Closing balance', money(balance)));
}

/** The vendor ledger as CSV (balance before the supplier invoice column). */
export function vendorLedgerCsv(source: VendorExportSource): AsyncGenerator<string> {
  return balanceCsv(
    source,
    [
      'Date',
      'Type',
      'Reference',
      'Description',
      'Debit',
      'Credit',
      'Balance',
      'Supplier invoice no.',
    ],
    (line) => [
      indianDate(line.date),
      ledgerTypeLabel(line.type),
      line.reference,
      ledgerDescription(line),
      money(line.debit),
      money(line.credit),
      money(line.balance),
      line.supplier_invoice_number,
    ],
    (date, label, balance) => [date, label, null, null, null, null, balance, null],
  );
}

/** The account statement as CSV, streamed the same way (balance last). */
export function statementCsv(source: StatementSource): AsyncGenerator<string> {
  return balanceCsv(
    source,
    ['Date', 'Description', 'Reference', 'Category', 'Debit', 'Credit', 'Balance'],
    (line) => [
      indianDate(line.date),
      statementDescription(line),
      line.reference,
      categoryLabel(line.category),
      money(line.debit),
      money(line.credit),
      money(line.balance),
    ],
    (date, label, balance) => [date, label, null, null, null, null, balance],
  );
}
