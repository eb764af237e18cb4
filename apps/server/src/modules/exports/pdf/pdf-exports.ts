import { formatInr } from '@siteledger/domain';
import type { StatementSource, VendorExportSource } from '../export-sources.js';
import type { PeriodLine, PeriodSource } from '../period-source.js';
import { indianDate, periodText } from '../../../documents/format.js';
import { createPdf } from '../../../documents/pdf-canvas.js';
import {
  categoryLabel,
  ledgerDescription,
  ledgerTypeLabel,
  statementDescription,
} from '../format.js';
import { renderStatement, type StatementHeading, type StatementRow } from './statement-layout.js';

const ACCOUNT_TYPE_LABELS: Record<string, string> = {
  bank: 'Bank account',
  credit_card: 'Credit card',
  cash: 'Cash',
  digital_wallet: 'Digital wallet',
  other: 'Other account',
};

/** Multi-line record text (an address, bank details) on one line. */
function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(/\s*[\r\n]+\s*/g, ', ').trim();
}

function amount(paise: number): string {
  return paise === 0 ? '' : formatInr(paise);
}

function edgeRow(kind: string, date: string | undefined, balance: string): StatementRow {
  const shown = date ? indianDate(date) : '';
  return { date: shown, kind, detail: '', reference: '', debit: '', credit: '', balance };
}

/**
 * Formats the rows of each chunk and keeps the period's totals and last balance for the
 * trailing rows: "Total for the period" (Σ debit, Σ credit) and the closing balance.
 */
function tableRows<L extends PeriodLine>(
  lines: AsyncIterable<L[]>,
  format: (line: L) => StatementRow,
  opening: number,
  closingDate: string,
) {
  let debits = 0;
  let credits = 0;
  let balance = opening;
  async function* rows(): AsyncGenerator<StatementRow[]> {
    for await (const chunk of lines) {
      yield chunk.map((line) => {
        debits += line.debit;
        credits += line.credit;
        balance = line.balance;
        return format(line);
      });
    }
  }
  const trailing = (): [StatementRow, StatementRow] => [
    {
      date: '',
      kind: 'Total for the period',
      detail: '',
      reference: '',
      debit: formatInr(debits),
      credit: formatInr(credits),
      balance: '',
    },
    edgeRow('Closing balance', closingDate, formatInr(balance)),
  ];
  return { rows: rows(), trailing };
}

type OnError = (error: unknown) => void;

/** Starts drawing into a new document and hands the document (a readable stream) back. */
function start(
  title: string,
  subject: string,
  draw: (doc: PDFKit.PDFDocument) => Promise<void>,
  onError: OnError,
): PDFKit.PDFDocument {
  const doc = createPdf(title, subject);
  draw(doc).catch((error: unknown) => {
    onError(error);
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return doc;
}

/** What one kind of statement says of its own: its party, its figures, how an entry reads. */
export interface StatementParty<L extends PeriodLine> extends Pick<
  StatementHeading,
  'title' | 'partyLabel' | 'partyName' | 'partyDetails' | 'note' | 'kindLabel'
> {
  /** The summary lines between the opening and the closing balance. */
  figures: StatementHeading['summary'];
  describe: (line: L) => Pick<StatementRow, 'kind' | 'detail'>;
}

/** A running-balance statement PDF: heading, opening row, the entries, totals and closing row. */
export function statementFile<L extends PeriodLine>(
  source: PeriodSource<L>,
  party: StatementParty<L>,
  onError: OnError,
) {
  const { figures, describe, ...own } = party;
  const heading: StatementHeading = {
    ...own,
    siteName: source.siteName,
    period: periodText(source.from, source.to),
    generated: indianDate(source.today),
    summary: [
      { label: 'Opening balance', value: formatInr(source.opening) },
      ...figures,
      { label: 'Closing balance', value: formatInr(source.closing), strong: true },
    ],
    rowCount: source.count,
  };
  const format = (line: L): StatementRow => ({
    date: indianDate(line.date),
    ...describe(line),
    reference: line.reference ?? '',
    debit: amount(line.debit),
    credit: amount(line.credit),
    balance: formatInr(line.balance),
  });
  const table = tableRows(source.lines(), format, source.opening, source.to ?? source.today);
  const opening = edgeRow('Opening balance', source.from, formatInr(source.opening));
  return start(
    `${party.title} – ${party.partyName}`,
    source.siteName,
    (doc) => renderStatement(doc, heading, opening, table.rows, table.trailing),
    onError,
  );
}

export function vendorLedgerPdf(source: VendorExportSource, onError: OnError) {
  const v = source.vendor;
  const contact = [v.contact_person, v.phone, v.email].filter(Boolean).join(' · ');
  const allTime = source.from || source.to ? ' (all dates)' : '';
  return statementFile(
    source,
    {
      title: 'Vendor statement',
      partyLabel: 'Vendor',
      partyName: v.name,
      partyDetails: [
        v.company_name ?? '',
        v.gstin ? `GSTIN: ${v.gstin}` : '',
        contact ? `Contact: ${contact}` : '',
        v.address ? `Address: ${oneLine(v.address)}` : '',
        v.payment_details ? `Bank: ${oneLine(v.payment_details)}` : '',
      ].filter(Boolean),
      note: 'Balance = what the site owes the vendor (credit − debit).',
      kindLabel: 'Type / Description',
      // The vendor's own figures are all-time even when the statement covers a period.
      figures: [
        { label: `Total billed${allTime}`, value: formatInr(Number(v.total_billed)) },
        { label: `Total paid${allTime}`, value: formatInr(Number(v.total_paid)) },
        { label: `Outstanding${allTime}`, value: formatInr(Number(v.outstanding)) },
        { label: 'Credit balance', value: formatInr(Number(v.credit_balance)) },
      ],
      describe: (line) => ({
        kind: ledgerTypeLabel(line.type),
        // Issue 40: the supplier's invoice (or credit note) number leads the description.
        detail: [
          line.supplier_invoice_number && `Inv. ${line.supplier_invoice_number}`,
          ledgerDescription(line),
        ]
          .filter(Boolean)
          .join(' · '),
      }),
    },
    onError,
  );
}

export function statementPdf(source: StatementSource, onError: OnError) {
  const a = source.account;
  return statementFile(
    source,
    {
      title: 'Account statement',
      partyLabel: 'Account',
      partyName: a.name,
      partyDetails: [
        ACCOUNT_TYPE_LABELS[a.type] ?? a.type,
        a.bank_name ? `Bank: ${a.bank_name}` : '',
        a.account_number ? `Account no.: ${a.account_number}` : '',
        a.description ? oneLine(a.description) : '',
        a.is_active === 1 ? '' : 'Inactive account',
      ].filter(Boolean),
      note: 'Balance = opening balance + credits − debits.',
      kindLabel: 'Category / Description',
      figures: [
        { label: 'Money in (credits)', value: formatInr(source.credits) },
        { label: 'Money out (debits)', value: formatInr(source.debits) },
        { label: 'Transactions', value: String(source.count) },
      ],
      describe: (line) => ({
        kind: categoryLabel(line.category),
        detail: statementDescription(line),
      }),
    },
    onError,
  );
}
