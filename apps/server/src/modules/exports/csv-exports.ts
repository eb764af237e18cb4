import { CSV_BOM, csvRow, money } from '../../documents/csv-writer.js';
import { indianDate } from '../../documents/format.js';
import type { StatementSource, VendorExportSource } from './export-sources.js';
import {
  categoryLabel,
  ledgerDescription,
  ledgerTypeLabel,
  statementDescription,
} from './format.js';

/**
 * The vendor ledger as CSV: header, opening balance, one row per entry, closing balance. Yields
 * one string per chunk of entries, so the response is written as the rows are read.
 */
export async function* vendorLedgerCsv(source: VendorExportSource): AsyncGenerator<string> {
  yield (
    CSV_BOM +
    csvRow([
      'Date',
      'Type',
      'Reference',
      'Description',
      'Debit',
      'Credit',
      'Balance',
      'Supplier invoice no.',
    ]) +
    csvRow([
      source.from ? indianDate(source.from) : null,
      'Opening balance',
      null,
      null,
      null,
      null,
      money(source.opening),
      null,
    ])
  );
  let balance = source.opening;
  for await (const lines of source.lines()) {
    let text = '';
    for (const line of lines) {
      text += csvRow([
        indianDate(line.date),
        ledgerTypeLabel(line.type),
        line.reference,
        ledgerDescription(line),
        money(line.debit),
        money(line.credit),
        money(line.balance),
        line.supplier_invoice_number,
      ]);
      balance = line.balance;
    }
    yield text;
  }
  yield csvRow([
    indianDate(source.to ?? source.today),
    'Closing balance',
    null,
    null,
    null,
    null,
    money(balance),
    null,
  ]);
}

/** The account statement as CSV, streamed the same way. */
export async function* statementCsv(source: StatementSource): AsyncGenerator<string> {
  yield (
    CSV_BOM +
    csvRow(['Date', 'Description', 'Reference', 'Category', 'Debit', 'Credit', 'Balance']) +
    csvRow([
      source.from ? indianDate(source.from) : null,
      'Opening balance',
      null,
      null,
      null,
      null,
      money(source.opening),
    ])
  );
  let balance = source.opening;
  for await (const lines of source.lines()) {
    let text = '';
    for (const line of lines) {
      text += csvRow([
        indianDate(line.date),
        statementDescription(line),
        line.reference,
        categoryLabel(line.category),
        money(line.debit),
        money(line.credit),
        money(line.balance),
      ]);
      balance = line.balance;
    }
    yield text;
  }
  yield csvRow([
    indianDate(source.to ?? source.today),
    'Closing balance',
    null,
    null,
    null,
    null,
    money(balance),
  ]);
}
