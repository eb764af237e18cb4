import type { Voucher, VoucherLine } from './tally-xml.js';

/*
 * Issue 40 item 6: the Debit Note of a supplier's GST credit note (s.34) reverses what the
 * original purchase posted, instead of sending the whole amount to "Vendor Credit Notes": in
 * claim mode the taxable value leaves the purchase (or services) ledger with the site's cost
 * centre and each head leaves its Input ledger; in cost mode the tax was part of the cost, so the
 * whole amount leaves the purchase (or services) ledger. A note without GST posts as before.
 */

/** A credit note's GST as the export reads it (paise; taxable null = no GST). */
export interface NoteGst {
  taxable_amount: number | null;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  original_booking: string | null;
  supplier_note_number: string | null;
  supplier_note_date: string | null;
}

/** The supplier's own note number and date as the voucher's REFERENCE / REFERENCEDATE. */
export function noteReference(note: NoteGst): Pick<Voucher, 'reference' | 'referenceDate'> {
  if (!note.supplier_note_number) return {};
  return { reference: note.supplier_note_number, referenceDate: note.supplier_note_date };
}

export interface NoteLedgers {
  purchase: string;
  services: string;
  inputs: { cgst: string; sgst: string; igst: string };
  costCentre: string;
  claim: boolean;
}

/** The credit side of a GST note's Debit Note, or null when the note carries no GST. */
export function gstNoteCredits(
  note: NoteGst,
  amount: number,
  l: NoteLedgers,
): VoucherLine[] | null {
  if (note.taxable_amount === null || note.taxable_amount === undefined) return null;
  const heads = {
    cgst: Number(note.cgst_amount),
    sgst: Number(note.sgst_amount),
    igst: Number(note.igst_amount),
  };
  const tax = heads.cgst + heads.sgst + heads.igst;
  const cost = note.original_booking ? l.services : l.purchase;
  const credit = (ledger: string, paise: number, costCentre?: string): VoucherLine => ({
    ledger,
    debit: false,
    paise,
    ...(costCentre ? { costCentre } : {}),
  });
  if (!l.claim || tax === 0) return [credit(cost, amount, l.costCentre)];
  const lines = [credit(cost, amount - tax, l.costCentre)];
  for (const key of ['cgst', 'sgst', 'igst'] as const) {
    if (heads[key] !== 0) lines.push(credit(l.inputs[key], heads[key]));
  }
  return lines;
}

/**
 * The debit of an expired note's unused balance: for a GST note back to the purchase (or
 * services) ledger its Debit Note reduced, with the site's cost centre — the tax stays reversed,
 * as the supplier's note says — and for any other note to `fallback` ("Vendor Credit Notes").
 */
export function noteLapseLine(
  note: NoteGst | undefined,
  l: NoteLedgers,
  fallback: string,
  paise: number,
): VoucherLine {
  if (!note || note.taxable_amount === null || note.taxable_amount === undefined) {
    return { ledger: fallback, debit: true, paise };
  }
  const ledger = note.original_booking ? l.services : l.purchase;
  return { ledger, debit: true, paise, costCentre: l.costCentre };
}
