import type { AccountType, InputTaxMode } from '../../../db/schema.js';
import { ledgerDescription, ledgerTypeLabel } from '../format.js';
import type { LedgerLine } from '../ledger-lines.js';
import type * as details from './tally-repo.js';
import type { Bill, GstDutyHead, Voucher, VoucherLine } from './tally-xml.js';
import {
  taxedEntries,
  voucherGstXml,
  voucherParty,
  withOverrides,
  type GstDetails,
  type SiteGst,
} from './tally-gst-particulars.js';
import { rcmHeads, rcmVoucher } from './tally-rcm.js';
import { parseOverrides } from '../../deliveries/tax-overrides.js';
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
 * Issue 43: RA bills of work orders, the retention they hold, the TDS taken (by section); written
 * as masters only by a file of a site that has RA bills or TDS.
 */
export const SUBCONTRACT_LEDGERS = {
  subcontract: {
    name: 'Subcontract Work',
    parent: 'Direct Expenses',
    slug: 'subcontract',
    costCentres: true,
  },
  retention: {
    name: 'Retention Payable',
    parent: 'Current Liabilities',
    slug: 'retention',
    costCentres: false,
  },
  tds194C: {
    name: 'TDS Payable 194C',
    parent: 'Duties & Taxes',
    slug: 'tds-194c',
    costCentres: false,
  },
  tds194J: {
    name: 'TDS Payable 194J',
    parent: 'Duties & Taxes',
    slug: 'tds-194j',
    costCentres: false,
  },
  tds194I: {
    name: 'TDS Payable 194I',
    parent: 'Duties & Taxes',
    slug: 'tds-194i',
    costCentres: false,
  },
} as const;

/** The liability ledger a section's TDS is credited to until it is deposited. */
export function tdsLedger(section: string | null | undefined): string {
  if (section === '194J') return SUBCONTRACT_LEDGERS.tds194J.name;
  if (section === '194I') return SUBCONTRACT_LEDGERS.tds194I.name;
  return SUBCONTRACT_LEDGERS.tds194C.name;
}

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
  payments: Map<string, details.PaymentDetail>;
  raBills: Map<string, details.RaBillDetail>;
  tdsBills: Map<string, details.TdsBillDetail>;
  refunds: Map<string, details.RefundDetail>;
  allocations: Map<string, details.AllocationDetail[]>;
  usages: Map<string, details.UsageDetail[]>;
  /** Rates, HSN/SAC and places of supply of the bills and returns (issue 40). */
  gst: GstDetails;
}

export interface VoucherContext {
  /** The supplier's ledger name in Tally. */
  party: string;
  /** The site's cost centre. */
  costCentre: string;
  /** Account id → its ledger name in Tally ("Cash" for the site's cash account named so). */
  accounts: Map<string, string>;
  /** The site's GST registration (issue 40: voucher particulars). */
  gstSite: SiteGst;
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

/**
 * Whether a bill or return posts its GST to the typed input-tax ledgers: by its own recorded
 * input_tax_mode (issue 40), never the site's current one, so a voucher re-sent after the site
 * switched modes is the voucher that was filed. 'claim': the Input ledgers. 'cost': the credit is
 * blocked (s.17(5)(d), one's own building), so the tax is part of what the goods cost and is
 * posted to the purchase ledger with them, never to an input-credit ledger.
 */
const claims = (record: { input_tax_mode: InputTaxMode }) => record.input_tax_mode === 'claim';

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

/** The common options of a bill's GST entries on `ledger` (a debit, goods, the site's centre). */
const entryOptions = (ctx: VoucherContext, ledger: string, claim: boolean) => ({
  ledger,
  debit: true,
  costCentre: ctx.costCentre,
  claim,
  supply: 'Goods' as const,
});

/** Where a GST credit note's Debit Note posts (issue 40 item 6), by its own recorded mode. */
const noteLedgers = (ctx: VoucherContext, note?: details.NoteDetail): NoteLedgers => ({
  purchase: LEDGERS.purchase.name,
  services: LEDGERS.services.name,
  inputs: { cgst: GST_LEDGERS.cgst.name, sgst: GST_LEDGERS.sgst.name, igst: GST_LEDGERS.igst.name },
  costCentre: ctx.costCentre,
  claim: note?.input_tax_mode === 'claim',
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
  switch (line.type) {
    case 'delivery': {
      const delivery = d.deliveries.get(line.id);
      if (!delivery) return null;
      const roundOff = Number(delivery.round_off);
      const heads = headsTotal(delivery);
      const items = Number(delivery.items_total);
      const claim = claims(delivery);
      const lines = [
        party(false, line.credit, [{ type: 'New Ref', name: delivery.bill, paise: line.credit }]),
      ];
      const gst = d.gst.deliveries.get(line.id);
      if (gst?.groups.some((g) => g.rate !== null)) {
        // Itemised: one purchase entry per rate and HSN (tally-gst-particulars.ts).
        const taxed = taxedEntries({
          ...entryOptions(ctx, LEDGERS.purchase.name, claim),
          groups: withOverrides(gst.groups, parseOverrides(delivery.tax_overrides)),
        });
        lines.push(...taxed.lines, ...gstLines(taxed.heads, true));
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
      const voucher = {
        ...base,
        remoteId: remoteId('deliveries', line.id),
        type: 'Purchase' as const,
        number: line.reference,
        reference: delivery.supplier_invoice_number || line.reference,
        referenceDate: delivery.supplier_invoice_number ? delivery.supplier_invoice_date : null,
        gst: voucherGstXml(ctx.gstSite, voucherParty(delivery), gst?.placeOfSupply ?? null),
      };
      // Reverse charge (tally-rcm.ts): the supplier gets the value, the tax is the site's.
      if (Number(delivery.reverse_charge) === 1) {
        const expense = { ledger: LEDGERS.purchase.name, paise: items, ...site };
        const rounding = lines.filter((l) => l.ledger === LEDGERS.roundOff.name);
        return rcmVoucher(voucher, lines[0]!, expense, rcmHeads(delivery), claim, rounding);
      }
      return { ...voucher, lines };
    }
    case 'service_booking': {
      const booking = d.bookings.get(line.id);
      if (!booking) return null;
      const claim = claims(booking);
      if (Number(booking.reverse_charge) === 1) {
        return rcmVoucher(
          {
            ...base,
            remoteId: remoteId('service_bookings', line.id),
            type: 'Purchase',
            number: null,
            gst: voucherGstXml(ctx.gstSite, voucherParty(booking), null),
          },
          party(false, line.credit, [{ type: 'New Ref', name: booking.bill, paise: line.credit }]),
          { ledger: LEDGERS.services.name, paise: line.credit, ...site },
          rcmHeads(booking),
          claim,
        );
      }
      const heads = claim ? headsTotal(booking) : 0;
      // The booking's rate and SAC; its value is what the ledger credits less its tax.
      const groups = (d.gst.bookings.get(line.id)?.groups ?? []).map((g) => ({
        ...g,
        taxable: line.credit - headsTotal(booking),
      }));
      const taxed = taxedEntries({
        ...entryOptions(ctx, LEDGERS.services.name, claim),
        supply: 'Services',
        groups,
      });
      return {
        ...base,
        remoteId: remoteId('service_bookings', line.id),
        type: 'Purchase',
        number: null,
        gst: voucherGstXml(ctx.gstSite, voucherParty(booking), null),
        reference: booking.supplier_invoice_number,
        referenceDate: booking.supplier_invoice_date,
        lines: [
          party(false, line.credit, [{ type: 'New Ref', name: booking.bill, paise: line.credit }]),
          ...(groups.length > 0
            ? [...taxed.lines, ...gstLines(taxed.heads, true)]
            : [
                dr(LEDGERS.services.name, line.credit - heads, site),
                ...(claim ? gstLines(booking, true) : []),
              ]),
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
      // An account always pays the part credit notes did not (ACCOUNT_REQUIRED); of a
      // work-order advance, the TDS withheld is owed to the government instead (issue 43).
      const tds = Number(payment?.tds_amount ?? 0);
      if (line.debit - tds > 0) {
        lines.push(cr(accountLedger(ctx, payment?.account), line.debit - tds));
      }
      if (tds > 0) lines.push(cr(tdsLedger(payment?.tds_section), tds));
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
      const claim = claims(ret);
      const gst = d.gst.returns.get(line.id);
      if (gst?.groups.some((g) => g.rate !== null)) {
        const taxed = taxedEntries({
          ...entryOptions(ctx, LEDGERS.returns.name, claim),
          debit: false,
          groups: gst.groups,
        });
        lines.push(...taxed.lines, ...gstLines(taxed.heads, false));
      } else if (claim && heads > 0) {
        lines.push(cr(LEDGERS.returns.name, value, site), ...gstLines(ret, false));
      } else {
        lines.push(cr(LEDGERS.returns.name, due, site));
      }
      return {
        ...base,
        remoteId: remoteId('vendor_returns', line.id),
        type: 'Debit Note',
        number: null,
        gst: voucherGstXml(ctx.gstSite, voucherParty(ret), gst?.placeOfSupply ?? null),
        reference: ret.supplier_credit_note_number,
        referenceDate: ret.supplier_credit_note_date,
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
    case 'ra_bill': {
      const bill = d.raBills.get(line.id);
      if (!bill) return null;
      const newRef = [{ type: 'New Ref' as const, name: bill.bill, paise: line.credit }];
      if (bill.kind === 'retention_release') {
        // The retention held comes back to the contractor as a bill of its own.
        return {
          ...base,
          remoteId: remoteId('ra_bills', line.id),
          type: 'Journal',
          number: line.reference,
          lines: [
            dr(SUBCONTRACT_LEDGERS.retention.name, line.credit),
            party(false, line.credit, newRef),
          ],
        };
      }
      const gross = Number(bill.gross_amount);
      const retention = Number(bill.retention_amount);
      // The GST of work done on one's own building is not claimable: part of its cost, as a
      // bill recorded in the 'cost' mode posts it (the work order keeps no mode of its own).
      return {
        ...base,
        remoteId: remoteId('ra_bills', line.id),
        type: 'Purchase',
        number: line.reference,
        reference: bill.supplier_invoice_number || line.reference,
        referenceDate: bill.supplier_invoice_number ? bill.bill_date : null,
        lines: [
          party(false, line.credit, newRef),
          dr(SUBCONTRACT_LEDGERS.subcontract.name, gross + headsTotal(bill), site),
          ...(retention > 0 ? [cr(SUBCONTRACT_LEDGERS.retention.name, retention)] : []),
        ],
      };
    }
    case 'tds': {
      const bill = d.tdsBills.get(line.id);
      const bills = bill
        ? [{ type: 'Agst Ref' as const, name: bill.bill, paise: line.debit }]
        : [{ type: 'On Account' as const, name: null, paise: line.debit }];
      return {
        ...base,
        remoteId: `${remoteId('tds', line.id)}`,
        type: 'Journal',
        number: line.reference,
        lines: [party(true, line.debit, bills), cr(tdsLedger(bill?.section), line.debit)],
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
          ...(gstNoteCredits(note, line.debit, noteLedgers(ctx, note)) ?? [
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
          noteLapseLine(note, noteLedgers(ctx, note), LEDGERS.creditNotes.name, line.credit),
          party(false, line.credit, bills),
        ],
      };
    }
    default:
      return null;
  }
}
