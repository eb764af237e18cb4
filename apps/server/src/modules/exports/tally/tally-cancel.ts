import type { DroppedRecord, GoneEntry } from './tally-changes-repo.js';
import { remoteId } from './tally-vouchers.js';
import { el, tallyDate, xmlEscape, type VoucherType } from './tally-xml.js';

/**
 * The voucher of a record that left the books since the last export, to be cancelled in Tally.
 * TallyPrime's Developer Reference ("Understanding Integration – Transactions", Voucher
 * Cancellation): the voucher is found as for an alteration and ACTION is "Cancel"; a cancelled
 * voucher keeps its number and date and stops counting in the books. Ours are found by the same
 * REMOTEID/GUID the voucher was created with.
 */
export interface Cancellation {
  remoteId: string;
  type: VoucherType;
  date: string;
  number: string | null;
  narration: string;
}

export function cancellationXml(c: Cancellation): string {
  const id = xmlEscape(c.remoteId);
  const date = tallyDate(c.date);
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF">` +
    `<VOUCHER REMOTEID="${id}" VCHTYPE="${c.type}" ACTION="Cancel">` +
    `<GUID>${id}</GUID><DATE>${date}</DATE><EFFECTIVEDATE>${date}</EFFECTIVEDATE>` +
    `<VOUCHERTYPENAME>${c.type}</VOUCHERTYPENAME>` +
    el('VOUCHERNUMBER', c.number) +
    el('NARRATION', c.narration) +
    `</VOUCHER></TALLYMESSAGE>\n`
  );
}

const COUNTED = new Set(['approved', 'completed', 'refunded']);

/** The old value of a field in an audit entry's changes (API units: rupees). */
function oldValues(changes: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(changes) as Record<string, { old?: unknown }>;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, value?.old]));
  } catch {
    return {};
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

/** The vouchers a deleted record had in Tally (none when it never made one). */
export function deletedVouchers(entry: GoneEntry, today: string): Cancellation[] {
  const old = oldValues(entry.changes);
  const id = entry.record_id;
  const narration = 'Deleted in SiteLedger';
  const one = (
    collection: string,
    type: VoucherType,
    date: unknown,
    number: string | null,
  ): Cancellation[] => {
    const day = text(date);
    return day ? [{ remoteId: remoteId(collection, id), type, date: day, number, narration }] : [];
  };
  // The TDS deducted from a bill was a journal of its own (issue 43).
  const tds = (date: unknown, number: string | null): Cancellation[] => {
    const day = text(date);
    return day && num(old.tds_amount) !== 0
      ? [{ remoteId: remoteId('tds', id), type: 'Journal', date: day, number, narration }]
      : [];
  };
  switch (entry.entity) {
    case 'deliveries':
      return [
        ...one('deliveries', 'Purchase', old.delivery_date, text(old.delivery_reference)),
        ...tds(old.delivery_date, text(old.delivery_reference)),
      ];
    case 'service_bookings':
      return old.status === 'cancelled'
        ? []
        : [
            ...one('service_bookings', 'Purchase', old.start_date, null),
            ...tds(old.start_date, null),
          ];
    case 'tds_challans':
      return old.account ? one('tds_challans', 'Payment', old.deposit_date, null) : [];
    case 'ra_bills':
      return [
        ...one(
          'ra_bills',
          old.kind === 'retention_release' ? 'Journal' : 'Purchase',
          old.bill_date,
          text(old.number),
        ),
        ...tds(old.bill_date, text(old.number)),
      ];
    case 'payments': {
      const notes = Array.isArray(old.credit_notes)
        ? old.credit_notes.reduce(
            (sum: number, u: unknown) => sum + num((u as { used_amount?: unknown }).used_amount),
            0,
          )
        : 0;
      // Paid wholly with credit notes, it was a journal (tally-vouchers.ts).
      const type: VoucherType = num(old.amount) - notes > 0 ? 'Payment' : 'Journal';
      return one('payments', type, old.payment_date, text(old.reference));
    }
    case 'vendor_returns': {
      const due =
        num(old.total_return_amount) +
        num(old.cgst_amount) +
        num(old.sgst_amount) +
        num(old.igst_amount);
      if (!COUNTED.has(String(old.status)) || due <= 0) return [];
      return one('vendor_returns', 'Debit Note', old.return_date, null);
    }
    case 'credit_notes': {
      const out: Cancellation[] = [];
      if (!text(old.return_id)) {
        out.push(...one('vendor_credit_notes', 'Debit Note', old.issue_date, text(old.reference)));
      }
      const expiry = text(old.expiry_date);
      if (expiry && expiry < today && old.status === 'active' && num(old.balance) > 0) {
        out.push({
          remoteId: `${remoteId('vendor_credit_notes', id)}-lapse`,
          type: 'Journal',
          date: expiry,
          number: null,
          narration,
        });
      }
      return out;
    }
    default:
      return [];
  }
}

/** The voucher of a booking cancelled or a return taken out of the books since the last export. */
export function droppedVoucher(record: DroppedRecord): Cancellation {
  return {
    remoteId: remoteId(record.collection, record.id),
    type: record.collection === 'vendor_returns' ? 'Debit Note' : 'Purchase',
    date: record.date,
    number: null,
    narration: 'Cancelled in SiteLedger',
  };
}
