import type { Readable } from 'node:stream';
import type { StatementSource, VendorExportSource } from '../export-sources.js';
import type { PeriodLine, PeriodSource } from '../period-source.js';
import type { LedgerLine } from '../ledger-lines.js';
import type { StatementLine } from '../statement-lines.js';
import { indianDate, periodText } from '../../../documents/format.js';
import { xlsxStream, type XlsxColumn, type XlsxRow } from '../../../documents/xlsx-writer.js';
import {
  categoryLabel,
  ledgerDescription,
  ledgerTypeLabel,
  statementDescription,
} from '../format.js';

type OnError = (error: unknown) => void;

export type LedgerKey =
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

export type Cells = Pick<XlsxRow<LedgerKey>, 'kind' | 'reference' | 'description' | 'invoice'>;

/**
 * The CSV's rows — opening balance, one row per entry, closing balance — plus "Total for the
 * period" (Σ debit, Σ credit) before the closing balance. The edge rows carry their label in
 * the second column, as in the CSV. The closing balance is the running
 * balance of the last entry, as in the CSV.
 */
function ledgerRows<L extends PeriodLine>(
  lines: AsyncIterable<L[]>,
  format: (line: L) => Cells,
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

/** What one kind of ledger file says of its own: its title, note, columns, party, cells. */
export interface LedgerFile<L extends PeriodLine> {
  title: string;
  /** What the balance means. */
  note: string;
  columns: XlsxColumn<LedgerKey>[];
  /** The column that carries the edge rows' and the totals row's labels. */
  labelKey: LedgerKey;
  /** "Vendor: …", "Account: …". */
  party: string;
  format: (line: L) => Cells;
}

/** A running-balance workbook: the site, party, period and note above the ledger's rows. */
export function ledgerXlsx<L extends PeriodLine>(
  source: PeriodSource<L>,
  file: LedgerFile<L>,
  onError: OnError,
): Readable {
  const closingDate = source.to ?? source.today;
  const { labelKey } = file;
  const { rows, after } = ledgerRows(source.lines(), file.format, {
    opening: source.opening,
    from: source.from,
    closingDate,
    labelKey,
  });
  return xlsxStream(
    {
      title: file.title,
      info: [
        `Site: ${source.siteName}`,
        file.party,
        `Period: ${periodText(source.from, source.to)}`,
        `Generated: ${indianDate(source.today)}`,
        file.note,
      ],
      columns: file.columns,
      rows,
      totals: { label: 'Total for the period', labelKey },
      after,
    },
    onError,
  );
}

const VENDOR_FILE = {
  title: 'Vendor ledger',
  note: 'Balance = what the site owes the vendor (credit − debit).',
  columns: VENDOR_COLUMNS,
  labelKey: 'kind',
} as const;

const vendorCells = (line: LedgerLine): Cells => ({
  kind: ledgerTypeLabel(line.type),
  reference: line.reference,
  description: ledgerDescription(line),
  invoice: line.supplier_invoice_number,
});

export function vendorLedgerXlsx(source: VendorExportSource, onError: OnError): Readable {
  const v = source.vendor;
  const party = `Vendor: ${v.name}${v.gstin ? ` (GSTIN ${v.gstin})` : ''}`;
  return ledgerXlsx(source, { ...VENDOR_FILE, party, format: vendorCells }, onError);
}

const STATEMENT_FILE = {
  title: 'Account statement',
  note: 'Balance = opening balance + credits − debits.',
  columns: STATEMENT_COLUMNS,
  labelKey: 'description',
} as const;

const statementCells = (line: StatementLine): Cells => ({
  kind: categoryLabel(line.category),
  reference: line.reference,
  description: statementDescription(line),
});

export function statementXlsx(source: StatementSource, onError: OnError): Readable {
  const a = source.account;
  const party = `Account: ${a.name}${a.account_number ? ` (A/c ${a.account_number})` : ''}`;
  return ledgerXlsx(source, { ...STATEMENT_FILE, party, format: statementCells }, onError);
}
