import type { AccountType } from '../../../db/schema.js';
import { ledgerDescription, ledgerTypeLabel } from '../format.js';
import type { LedgerLine } from '../ledger-lines.js';
import type * as details from './tally-repo.js';
import type { Bill, Voucher, VoucherLine } from './tally-xml.js';

/** Ledgers the vouchers post to besides the supplier and the money accounts. */
export const LEDGERS = {
  purchase: { name: 'Purchase', parent: 'Purchase Accounts', slug: 'purchase' },
  tax: { name: 'Input GST', parent: 'Duties & Taxes', slug: 'input-gst' },
  roundOff: { name: 'Round Off', parent: 'Indirect Expenses', slug: 'round-off' },
  services: { name: 'Services', parent: 'Direct Expenses', slug: 'services' },
  returns: { name: 'Purchase Returns', parent: 'Purchase Accounts', slug: 'purchase-returns' },
  creditNotes: { name: 'Vendor Credit Notes', parent: 'Indirect Incomes', slug: 'credit-notes' },
} as const;

/** Where a money account sits in Tally's chart of accounts. */
export function accountGroup(type: AccountType): string {
  if (type === 'cash') return 'Cash-in-Hand';
  if (type === 'credit_card') return 'Bank OD A/c';
  return 'Bank Accounts';
}

export const remoteId = (collection: string, id: string) => `siteledger-${collection}-${id}`;

/** The details of one chunk's records, by id. */
export interface ChunkDetails {
  deliveries: Map<string, details.DeliveryDetail>;
  bookings: Map<string, details.BillDetail>;
  returns: Map<string, details.BillDetail>;
  notes: Map<string, details.NoteDetail>;
  payments: Map<string, details.MoneyDetail>;
  refunds: Map<string, details.RefundDetail>;
  allocations: Map<string, details.AllocationDetail[]>;
  usages: Map<string, details.UsageDetail[]>;
}

export interface VoucherContext {
  party: string;
  /** Lower-cased bill names used by more than one bill of the vendor. */
  duplicates: Set<string>;
}

/** The bill name of a record: its own name, with the id when another bill has the same name. */
export function billName(ctx: VoucherContext, bill: string, id: string): string {
  return ctx.duplicates.has(bill.toLowerCase()) ? `${bill} (${id})` : bill;
}

const dr = (ledger: string, paise: number, extra: Partial<VoucherLine> = {}): VoucherLine => ({
  ledger,
  debit: true,
  paise,
  ...extra,
});
const cr = (ledger: string, paise: number, extra: Partial<VoucherLine> = {}): VoucherLine => ({
  ledger,
  debit: false,
  paise,
  ...extra,
});

function narration(line: LedgerLine): string {
  const description = ledgerDescription(line);
  const head = [ledgerTypeLabel(line.type), line.reference].filter(Boolean).join(' ');
  return description ? `${head} – ${description}` : head;
}

/** Against-reference bills for what a payment paid, with "On Account" for the unallocated rest. */
function paidBills(ctx: VoucherContext, line: LedgerLine, all: details.AllocationDetail[]) {
  const bills: Bill[] = [];
  let allocated = 0;
  for (const a of all) {
    if (a.bill === null) continue; // a booking cancelled since: its bill is not in the ledger
    bills.push({ type: 'Agst Ref', name: billName(ctx, a.bill, a.target_id), paise: a.amount });
    allocated += Number(a.amount);
  }
  if (line.amount > allocated) {
    bills.push({ type: 'On Account', name: null, paise: line.amount - allocated });
  }
  return bills;
}

/** Credit-note bills a payment settled (each against the note's or its return's bill). */
function noteBills(ctx: VoucherContext, all: details.UsageDetail[]): Bill[] {
  return all.map((u) =>
    u.bill && u.target_id
      ? { type: 'Agst Ref', name: billName(ctx, u.bill, u.target_id), paise: Number(u.amount) }
      : { type: 'On Account', name: null, paise: Number(u.amount) },
  );
}

/**
 * The voucher of one ledger entry, or null for entries that move nothing in Tally (a credit note
 * issued for a return, which the return's debit note already counted; a refund with no money).
 * The supplier's lines always net to the entry's credit − debit, so the supplier's balance in
 * Tally follows the ledger's running balance.
 */
export function voucherFor(ctx: VoucherContext, line: LedgerLine, d: ChunkDetails): Voucher | null {
  const base = { date: line.date, party: ctx.party, narration: narration(line) };
  const party = (debit: boolean, paise: number, bills: Bill[]): VoucherLine => ({
    ledger: ctx.party,
    debit,
    paise,
    party: true,
    bills,
  });
  switch (line.type) {
    case 'delivery': {
      const delivery = d.deliveries.get(line.id);
      if (!delivery) return null;
      const bill = billName(ctx, delivery.bill, line.id);
      const roundOff = Number(delivery.round_off);
      const tax = Number(delivery.tax_amount);
      const lines = [
        party(false, line.credit, [{ type: 'New Ref', name: bill, paise: line.credit }]),
        dr(LEDGERS.purchase.name, Number(delivery.items_total)),
      ];
      if (tax > 0) lines.push(dr(LEDGERS.tax.name, tax));
      if (roundOff > 0) lines.push(dr(LEDGERS.roundOff.name, roundOff));
      if (roundOff < 0) lines.push(cr(LEDGERS.roundOff.name, -roundOff));
      return {
        ...base,
        remoteId: remoteId('deliveries', line.id),
        type: 'Purchase',
        number: line.reference,
        lines,
      };
    }
    case 'service_booking': {
      const booking = d.bookings.get(line.id);
      if (!booking) return null;
      const bill = billName(ctx, booking.bill, line.id);
      return {
        ...base,
        remoteId: remoteId('service_bookings', line.id),
        type: 'Purchase',
        number: null,
        lines: [
          party(false, line.credit, [{ type: 'New Ref', name: bill, paise: line.credit }]),
          dr(LEDGERS.services.name, line.credit),
        ],
      };
    }
    case 'payment': {
      const payment = d.payments.get(line.id);
      const usedNotes = line.amount - line.debit;
      const lines = [
        party(true, line.amount, paidBills(ctx, line, d.allocations.get(line.id) ?? [])),
      ];
      if (usedNotes > 0)
        lines.push(party(false, usedNotes, noteBills(ctx, d.usages.get(line.id) ?? [])));
      // An account always pays the part credit notes did not (ACCOUNT_REQUIRED); 'Cash' only
      // guards the balance should that account row ever be missing.
      if (line.debit > 0) lines.push(cr(payment?.account_name ?? 'Cash', line.debit));
      return {
        ...base,
        remoteId: remoteId('payments', line.id),
        // Paid wholly with credit notes, no money moved: a journal between the supplier's bills.
        type: line.debit > 0 ? 'Payment' : 'Journal',
        number: line.reference,
        lines,
      };
    }
    case 'return': {
      const ret = d.returns.get(line.id);
      if (!ret || line.debit === 0) return null; // goods taken back without credit
      const bill = billName(ctx, ret.bill, line.id);
      return {
        ...base,
        remoteId: remoteId('vendor_returns', line.id),
        type: 'Debit Note',
        number: null,
        lines: [
          party(true, line.debit, [{ type: 'New Ref', name: bill, paise: line.debit }]),
          cr(LEDGERS.returns.name, line.debit),
        ],
      };
    }
    case 'refund': {
      const refund = d.refunds.get(line.id);
      if (line.credit === 0 || !refund?.account_name) return null;
      const bills: Bill[] =
        refund.bill && refund.target_id
          ? [
              {
                type: 'Agst Ref',
                name: billName(ctx, refund.bill, refund.target_id),
                paise: line.credit,
              },
            ]
          : [{ type: 'On Account', name: null, paise: line.credit }];
      return {
        ...base,
        remoteId: remoteId('vendor_refunds', line.id),
        type: 'Receipt',
        number: line.reference,
        lines: [dr(refund.account_name, line.credit), party(false, line.credit, bills)],
      };
    }
    case 'credit_note': {
      const note = d.notes.get(line.id);
      if (line.debit === 0 || !note?.bill) return null;
      const bill = billName(ctx, note.bill, line.id);
      return {
        ...base,
        remoteId: remoteId('vendor_credit_notes', line.id),
        type: 'Debit Note',
        number: line.reference,
        lines: [
          party(true, line.debit, [{ type: 'New Ref', name: bill, paise: line.debit }]),
          cr(LEDGERS.creditNotes.name, line.debit),
        ],
      };
    }
    case 'credit_note_expired': {
      const note = d.notes.get(line.id);
      const bills: Bill[] =
        note?.bill && note.target_id
          ? [
              {
                type: 'Agst Ref',
                name: billName(ctx, note.bill, note.target_id),
                paise: line.credit,
              },
            ]
          : [{ type: 'On Account', name: null, paise: line.credit }];
      return {
        ...base,
        remoteId: `${remoteId('vendor_credit_notes', line.id)}-lapse`,
        type: 'Journal',
        number: null,
        lines: [dr(LEDGERS.creditNotes.name, line.credit), party(false, line.credit, bills)],
      };
    }
    default:
      return null;
  }
}
