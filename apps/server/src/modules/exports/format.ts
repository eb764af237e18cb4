// What ledger and statement lines say in words; dates and amounts are documents/format.ts.
import { formatInr, type Paise } from '@siteledger/domain';

export const LEDGER_TYPE_LABELS: Record<string, string> = {
  delivery: 'Delivery',
  service_booking: 'Service booking',
  payment: 'Payment',
  return: 'Return',
  refund: 'Refund',
  credit_note: 'Credit note',
  credit_note_expired: 'Credit note lapsed',
  ra_bill: 'RA bill',
  tds: 'TDS deducted',
};

const RETURN_REASON_LABELS: Record<string, string> = {
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  excess_delivery: 'Excess delivery',
  quality_issue: 'Quality issue',
  specification_mismatch: 'Specification mismatch',
  other: 'Other',
};

export function ledgerTypeLabel(type: string): string {
  return LEDGER_TYPE_LABELS[type] ?? type;
}

/** What a ledger entry needs for its human description. */
export interface DescribedEntry {
  type: string;
  reference: string | null;
  debit: Paise;
  amount: Paise;
  note: string | null;
  counterparty: string | null;
}

/** One line saying what an entry is, beyond its type and reference (record data as is). */
export function ledgerDescription(entry: DescribedEntry): string {
  const parts: (string | null)[] = [];
  switch (entry.type) {
    case 'payment':
      if (entry.counterparty) parts.push(`From ${entry.counterparty}`);
      if (entry.amount > entry.debit)
        parts.push(`Credit notes ${formatInr(entry.amount - entry.debit)}`);
      break;
    case 'return':
      parts.push(RETURN_REASON_LABELS[entry.reference ?? ''] ?? null);
      break;
    case 'refund':
      parts.push(entry.counterparty ? `Into ${entry.counterparty}` : 'Adjusted, no money moved');
      break;
    case 'credit_note':
      if (entry.debit === 0) parts.push(`Issued for a return (${formatInr(entry.amount)})`);
      break;
    case 'credit_note_expired':
      parts.push(`Unused ${formatInr(entry.amount)} lapsed`);
      break;
  }
  parts.push(entry.note?.trim() || null);
  return parts.filter((p): p is string => Boolean(p)).join(' · ');
}

const CATEGORY_LABELS: Record<string, string> = { payment: 'Payment', refund: 'Refund' };

/** account_transactions.transaction_category for people: 'payment' → 'Payment'; none → 'Manual'. */
export function categoryLabel(category: string | null): string {
  if (!category) return 'Manual';
  return CATEGORY_LABELS[category] ?? category;
}

/** What a statement line needs for its description. */
export interface DescribedTransaction {
  description: string | null;
  notes: string | null;
  category: string | null;
  vendor_name: string | null;
}

/** The transaction's own description; refunds carry none, so they name the vendor instead. */
export function statementDescription(line: DescribedTransaction): string {
  const own = line.description?.trim();
  const vendor = line.vendor_name
    ? `${line.category === 'refund' ? 'Refund from ' : ''}${line.vendor_name}`
    : '';
  return [own || vendor, line.notes?.trim()].filter(Boolean).join(' · ');
}
