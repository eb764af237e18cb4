/** The vendor ledger endpoint's entry (API.md "Reports and exports"). */
export interface LedgerEntry {
  id: string;
  date: string;
  type: string;
  reference: string | null;
  debit: number;
  credit: number;
  balance: number;
  amount: number;
  supplier_invoice_number: string | null;
}

export interface LedgerBody {
  opening_balance: number;
  closing_balance: number;
  totalItems: number;
  entries: LedgerEntry[];
  summary: { ledger_balance: number };
}

/** The type column of the exports, per ledger entry type. */
export const TYPE_LABELS: Record<string, string> = {
  delivery: 'Delivery',
  service_booking: 'Service booking',
  payment: 'Payment',
  return: 'Return',
  refund: 'Refund',
  credit_note: 'Credit note',
  credit_note_expired: 'Credit note lapsed',
};

/** YYYY-MM-DD → DD-MM-YYYY. */
export const dmy = (date: string) => date.split('-').reverse().join('-');

/** Rupees as the CSV writes them. */
export const two = (rupees: number) => rupees.toFixed(2);

/** A text cell as the CSV guards it against formulas. */
export const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The CSV row an entry of GET …/ledger must become (the description column aside). */
export function expectedRow(entry: LedgerEntry): string[] {
  return [
    dmy(entry.date),
    TYPE_LABELS[entry.type] ?? entry.type,
    guarded(entry.reference ?? ''),
    two(entry.debit),
    two(entry.credit),
    two(entry.balance),
    guarded(entry.supplier_invoice_number ?? ''),
  ];
}

/** A CSV row without its description cell (index 3), to compare with expectedRow. */
export const withoutDescription = (row: string[]) => [...row.slice(0, 3), ...row.slice(4)];

// Written straight into the tables, consistently (one place for every suite).
export { insertManyDeliveries } from './record-fixtures.js';
