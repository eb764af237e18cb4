import type { Readable } from 'node:stream';
import type { StatementSource, VendorExportSource } from '../export-sources.js';
import { indianDate, periodText } from '../../../documents/format.js';
import { xlsxStream, type XlsxColumn, type XlsxRow } from '../../../documents/xlsx-writer.js';
import {
  categoryLabel,
  ledgerDescription,
  ledgerTypeLabel,
  statementDescription,
} from '../format.js';

type OnError = (error: unknown) => void;

type LedgerKey =
  'date' | 'kind' | 'reference' | 'description' | 'debit' | 'credit' | 'balance' | 'invoice';

/** The amount columns shared by both files: paise, debit and credit summed in the totals row. */
const AMOUNTS: XlsxColumn<LedgerKey>[] = [
  { key: 'debit', header: 'Debit', kind: 'money', total: true },
  { key: 'credit', header: 'Credit', kind: 'money', total: true },
  { key: 'balance', header: 'Balance', kind: 'money' },
];

const VENDOR_COLUMNS: XlsxColumn<LedgerKey>[] = [
  { key: 'date', header: 'Date', kind: 'date' },
  { key: 'kind', header: 'Type', kind: 'text', width: 18 },
  { key: 'reference', header: 'Reference', kind: 'text', width: 22 },
  { key: 'description', header: 'Description', kind: 'text', width: 44 },
  ...AMOUNTS,
  // Issue 40: the supplier's invoice number (a return's: its credit note), last like the CSV's.
  { key: 'invoice', header: 'Supplier invoice no.', kind: 'text', width: 20 },
];

const STATEMENT_COLUMNS: XlsxColumn<LedgerKey>[] = [
  { key: 'date', header: 'Date', kind: 'date' },
  { key: 'description', header: 'Description', kind: 'text', width: 44 },
  { key: 'reference', header: 'Reference', kind: 'text', width: 22 },
  { key: 'kind', header: 'Category', kind: 'text', width: 14 },
  ...AMOUNTS,
];

interface Line {
  date: string;
  debit: number;
  credit: number;
  balance: number;
}

/**
 * The CSV's rows — opening balance, one row per entry, closing balance — plus "Total for the
 * period" (Σ debit, Σ credit) before the closing balance. The edge rows carry their label in
 * the second column, as in the CSV. The closing balance is the running
 * balance of the last entry, as in the CSV.
 */
function ledgerRows<L extends Line>(
  lines: AsyncIterable<L[]>,
  format: (line: L) => Pick<XlsxRow<LedgerKey>, 'kind' | 'reference' | 'description' | 'invoice'>,
  edges: { opening: number; from: string | undefined; closingDate: string; labelKey: LedgerKey },
) {
  const { opening, from, closingDate, labelKey } = edges;
  let balance = opening;
  async function* rows(): AsyncGenerator<XlsxRow<LedgerKey>[]> {
    yield [{ date: from ?? null, [labelKey]: 'Opening balance', balance: opening }];
    for await (const chunk of lines) {
      yield chunk.map((line) => {
        balance = line.balance;
        const { date, debit, credit } = line;
        return { date, ...format(line), debit, credit, balance: line.balance };
      });
    }
  }
  const after = (): XlsxRow<LedgerKey>[] => [
    { date: closingDate, [labelKey]: 'Closing balance', balance },
  ];
  return { rows: rows(), after };
}

export function vendorLedgerXlsx(source: VendorExportSource, onError: OnError): Readable {
  const v = source.vendor;
  const closingDate = source.to ?? source.today;
  const { rows, after } = ledgerRows(
    source.lines(),
    (line) => ({
      kind: ledgerTypeLabel(line.type),
      reference: line.reference,
      description: ledgerDescription(line),
      invoice: line.supplier_invoice_number,
    }),
    { opening: source.opening, from: source.from, closingDate, labelKey: 'kind' },
  );
  return xlsxStream(
    {
      title: 'Vendor ledger',
      info: [
        `Site: ${source.siteName}`,
        `Vendor: ${v.name}${v.gstin ? ` (GSTIN ${v.gstin})` : ''}`,
        `Period: ${periodText(source.from, source.to)}`,
        `Generated: ${indianDate(source.today)}`,
        'Balance = what the site owes the vendor (credit − debit).',
      ],
      columns: VENDOR_COLUMNS,
      rows,
      totals: { label: 'Total for the period', labelKey: 'kind' },
      after,
    },
    onError,
  );
}

export function statementXlsx(source: StatementSource, onError: OnError): Readable {
  const a = source.account;
  const closingDate = source.to ?? source.today;
  const { rows, after } = ledgerRows(
    source.lines(),
    (line) => ({
      kind: categoryLabel(line.category),
      reference: line.reference,
      description: statementDescription(line),
    }),
    { opening: source.opening, from: source.from, closingDate, labelKey: 'description' },
  );
  return xlsxStream(
    {
      title: 'Account statement',
      info: [
        `Site: ${source.siteName}`,
        `Account: ${a.name}${a.account_number ? ` (A/c ${a.account_number})` : ''}`,
        `Period: ${periodText(source.from, source.to)}`,
        `Generated: ${indianDate(source.today)}`,
        'Balance = opening balance + credits − debits.',
      ],
      columns: STATEMENT_COLUMNS,
      rows,
      totals: { label: 'Total for the period', labelKey: 'description' },
      after,
    },
    onError,
  );
}
