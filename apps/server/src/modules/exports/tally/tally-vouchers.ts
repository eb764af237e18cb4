import type { AccountType, InputTaxMode } from '../../../db/schema.js';
import { ledgerDescription, ledgerTypeLabel } from '../format.js';
import type { LedgerLine } from '../ledger-lines.js';
import type * as details from './tally-repo.js';
import type { Bill, GstDutyHead, Voucher, VoucherLine } from './tally-xml.js';
import {
  gstNoteCredits,
  noteLapseLine,
  noteReference,
  type NoteLedgers,
} from './tally-credit-note-gst.js';

/** Ledgers the vouchers post to besides the suppliers and the money accounts. */
export const LEDGERS = {
  purchase: { name: 'Purchase', parent: 'Purchase Accounts', slug: 'purchase', costCentres: true },
  /** Tax of bills recorded before GST lines (one untyped figure): exported as it always was. */
  tax: { name: 'Input GST', parent: 'Duties & Taxes', slug: 'input-gst', costCentres: false },
  roundOff: {
    name: 'Round Off',
    parent: 'Indirect Expenses',
    slug: 'round-off',
    costCentres: false,
  },
  services: { name: 'Services', parent: 'Direct Expenses', slug: 'services', costCentres: true },
  returns: {
    name: 'Purchase Returns',
    parent: 'Purchase Accounts',
    slug: 'purchase-returns',
    costCentres: true,
  },
  creditNotes: {
    name: 'Vendor Credit Notes',
    parent: 'Indirect Incomes',
    slug: 'credit-notes',
    costCentres: false,
  },
} as const;

/**
 * Typed input-tax ledgers, one per duty head: TallyPrime works out the rate of each line from the
 * taxable value it goes with, so one ledger per head is what its GST reports read (a ledger per
 * head and rate is also accepted, but multiplies the accountant's masters for nothing).
 */
export const GST_LEDGERS: Record<'cgst' | 'sgst' | 'igst', { name: string; head: GstDutyHead }> = {
  cgst: { name: 'Input CGST', head: 'Central Tax' },
  sgst: { name: 'Input SGST', head: 'State Tax' },
  igst: { name: 'Input IGST', head: 'Integrated Tax' },
};

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
  bookings: Map<string, details.BookingDetail>;
  returns: Map<string, details.ReturnDetail>;
  /** Original bills of each counted return. */
  returnBills: Map<string, details.ReturnBill[]>;
  notes: Map<string, details.NoteDetail>;
  payments: Map<string, details.MoneyDetail>;
  refunds: Map<string, details.RefundDetail>;
  allocations: Map<string, details.AllocationDetail[]>;
  usages: Map<string, details.UsageDetail[]>;
}

export interface VoucherContext {
  /** The supplier's ledger name in Tally. */
  party: string;
  /** The site's cost centre. */
  costCentre: string;
  /**
   * 'claim': GST goes to the typed input-tax ledgers. 'cost' (default): the credit is blocked
   * (s.17(5)(d), one's own building), so the tax is part of what the goods cost and is posted
   * to the purchase ledger with them, never to an input-credit ledger.
   */
  taxMode: InputTaxMode;
  /** Account id → its ledger name in Tally ("Cash" for the site's cash account named so). */
  accounts: Map<string, string>;
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

const headsTotal = (h: details.Heads) =>
  Number(h.cgst_amount) + Number(h.sgst_amount) + Number(h.igst_amount);

/** The GST lines of `heads` on one side, each head on its own typed ledger (zero heads left out). */
function gstLines(heads: details.Heads, debit: boolean): VoucherLine[] {
  const lines: VoucherLine[] = [];
  const add = (key: keyof typeof GST_LEDGERS, paise: number) => {
    if (paise !== 0) lines.push({ ledger: GST_LEDGERS[key].name, debit, paise });
  };
  add('cgst', Number(heads.cgst_amount));
  add('sgst', Number(heads.sgst_amount));
  add('igst', Number(heads.igst_amount));
  return lines;
}

/**
 * `amount` spread over bills in their order, each up to its own amount; what is left over goes
 * On Account (a return's refund or credit settles against the bills the return reduced).
 */
function spread(amount: number, bills: readonly { bill: string; amount: number }[]): Bill[] {
  const out: Bill[] = [];
  let left = amount;
  for (const bill of bills) {
    if (left <= 0) break;
    const part = Math.min(left, Number(bill.amount));
    if (part <= 0) continue;
    out.push({ type: 'Agst Ref', name: bill.bill, paise: part });
    left -= part;
  }
  if (left > 0) out.push({ type: 'On Account', name: null, paise: left });
  return out;
}

/** Against-reference bills for what a payment paid, with "On Account" for the unallocated rest. */
function paidBills(line: LedgerLine, all: details.AllocationDetail[]): Bill[] {
  const bills: Bill[] = [];
  let allocated = 0;
  for (const a of all) {
    if (a.bill === null) continue; // a booking cancelled since: its bill is not in the ledger
    bills.push({ type: 'Agst Ref', name: a.bill, paise: Number(a.amount) });
    allocated += Number(a.amount);
  }
  if (line.amount > allocated) {
    bills.push({ type: 'On Account', name: null, paise: line.amount - allocated });
  }
  return bills;
}

/** The bills a credit note's amount settles against: its own, or its return's original bills. */
function noteBills(d: ChunkDetails, note: details.NoteDetail, amount: number): Bill[] {
  if (note.bill) return [{ type: 'Agst Ref', name: note.bill, paise: amount }];
  if (note.return_id) return spread(amount, d.returnBills.get(note.return_id) ?? []);
  return [{ type: 'On Account', name: null, paise: amount }];
}

/** Where a GST credit note's Debit Note posts (issue 40 item 6). */
const noteLedgers = (ctx: VoucherContext): NoteLedgers => ({
  purchase: LEDGERS.purchase.name,
  services: LEDGERS.services.name,
  inputs: { cgst: GST_LEDGERS.cgst.name, sgst: GST_LEDGERS.sgst.name, igst: GST_LEDGERS.igst.name },
  costCentre: ctx.costCentre,
  claim: ctx.taxMode === 'claim',
});

/** The ledger of an account, or Tally's own Cash should the account row ever be missing. */
const accountLedger = (ctx: VoucherContext, id: string | null | undefined) =>
  (id ? ctx.accounts.get(id) : undefined) ?? 'Cash';

/**
 * The voucher of one ledger entry, or null for entries that move nothing in Tally (a credit note
 * issued for a return, which the return's debit note already counted; a refund with no money).
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
  const site = { costCentre: ctx.costCentre };
  const claim = ctx.taxMode === 'claim';
  switch (line.type) {
    case 'delivery': {
      const delivery = d.deliveries.get(line.id);
      if (!delivery) return null;
      const roundOff = Number(delivery.round_off);
      const heads = headsTotal(delivery);
      const items = Number(delivery.items_total);
      const lines = [
        party(false, line.credit, [{ type: 'New Ref', name: delivery.bill, paise: line.credit }]),
      ];
      if (heads > 0 && claim) {
        lines.push(dr(LEDGERS.purchase.name, items, site), ...gstLines(delivery, true));
      } else if (heads > 0) {
        lines.push(dr(LEDGERS.purchase.name, items + heads, site));
      } else {
        // A bill kept before GST lines: one untyped tax figure, as it always exported.
        lines.push(dr(LEDGERS.purchase.name, items, site));
        const tax = Number(delivery.tax_amount);
        if (tax > 0) lines.push(dr(LEDGERS.tax.name, tax));
      }
      if (roundOff > 0) lines.push(dr(LEDGERS.roundOff.name, roundOff));
      if (roundOff < 0) lines.push(cr(LEDGERS.roundOff.name, -roundOff));
      return {
        ...base,
        remoteId: remoteId('deliveries', line.id),
        type: 'Purchase',
        number: line.reference,
        reference: delivery.supplier_invoice_number || line.reference,
        referenceDate: delivery.supplier_invoice_number ? delivery.supplier_invoice_date : null,
        lines,
      };
    }
    case 'service_booking': {
      const booking = d.bookings.get(line.id);
      if (!booking) return null;
      const heads = claim ? headsTotal(booking) : 0;
      return {
        ...base,
        remoteId: remoteId('service_bookings', line.id),
        type: 'Purchase',
        number: null,
        lines: [
          party(false, line.credit, [{ type: 'New Ref', name: booking.bill, paise: line.credit }]),
          dr(LEDGERS.services.name, line.credit - heads, site),
          ...(claim ? gstLines(booking, true) : []),
        ],
      };
    }
    case 'payment': {
      const payment = d.payments.get(line.id);
      const usedNotes = line.amount - line.debit;
      const lines = [party(true, line.amount, paidBills(line, d.allocations.get(line.id) ?? []))];
      if (usedNotes > 0) {
        const bills = (d.usages.get(line.id) ?? []).flatMap((u) =>
          noteBills(d, u, Number(u.amount)),
        );
        lines.push(party(false, usedNotes, bills));
      }
      // An account always pays the part credit notes did not (ACCOUNT_REQUIRED).
      if (line.debit > 0) lines.push(cr(accountLedger(ctx, payment?.account), line.debit));
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
      if (!ret) return null;
      const value = Number(ret.total_return_amount);
      const heads = headsTotal(ret);
      // What the vendor owes back: the goods' value and the tax the return reverses.
      const due = value + heads;
      if (due === 0) return null; // goods taken back without credit
      const lines = [party(true, due, spread(due, d.returnBills.get(line.id) ?? []))];
      if (claim && heads > 0) {
        lines.push(cr(LEDGERS.returns.name, value, site), ...gstLines(ret, false));
      } else {
        lines.push(cr(LEDGERS.returns.name, due, site));
      }
      return {
        ...base,
        remoteId: remoteId('vendor_returns', line.id),
        type: 'Debit Note',
        number: null,
        lines,
      };
    }
    case 'refund': {
      const refund = d.refunds.get(line.id);
      if (line.credit === 0 || !refund?.account) return null;
      const bills = refund.return_id
        ? spread(line.credit, d.returnBills.get(refund.return_id) ?? [])
        : [{ type: 'On Account' as const, name: null, paise: line.credit }];
      return {
        ...base,
        remoteId: remoteId('vendor_refunds', line.id),
        type: 'Receipt',
        number: line.reference,
        lines: [
          dr(accountLedger(ctx, refund.account), line.credit),
          party(false, line.credit, bills),
        ],
      };
    }
    case 'credit_note': {
      const note = d.notes.get(line.id);
      if (line.debit === 0 || !note?.bill) return null;
      return {
        ...base,
        remoteId: remoteId('vendor_credit_notes', line.id),
        type: 'Debit Note',
        number: line.reference,
        ...noteReference(note),
        lines: [
          party(true, line.debit, [{ type: 'New Ref', name: note.bill, paise: line.debit }]),
          ...(gstNoteCredits(note, line.debit, noteLedgers(ctx)) ?? [
            cr(LEDGERS.creditNotes.name, line.debit),
          ]),
        ],
      };
    }
    case 'credit_note_expired': {
      const note = d.notes.get(line.id);
      const bills = note
        ? noteBills(d, note, line.credit)
        : [{ type: 'On Account' as const, name: null, paise: line.credit }];
      return {
        ...base,
        remoteId: `${remoteId('vendor_credit_notes', line.id)}-lapse`,
        type: 'Journal',
        number: null,
        lines: [
          noteLapseLine(note, noteLedgers(ctx), LEDGERS.creditNotes.name, line.credit),
          party(false, line.credit, bills),
        ],
      };
    }
    default:
      return null;
  }
}
