import { z } from 'zod';
import { zGstRate } from '../gst.js';
import { toPaise } from '../money.js';
import { zLine } from '../text.js';
import { zBusinessDate, zId, zPositiveRupees, zRupees } from './common.js';

/*
 * Issue 40 item 6: a supplier's GST credit note (CGST Act s.34) reduces input tax credit. A vendor
 * credit note may carry its taxable value and either a GST rate (the server splits the heads by
 * the vendor's state against the place of supply — the original delivery's, else the site's
 * state — as it splits a delivery line) or the heads as the supplier printed them; the invoice it
 * reduces (a delivery or a service booking of the same vendor); and the supplier's own note
 * number and date. With GST, credit_amount is taxable + heads: it may be left out, and a
 * different one is refused (400 on credit_amount).
 */

/** The request fields (all optional: a note without them carries no GST, as before). */
export const creditNoteGstFields = {
  taxable_amount: zPositiveRupees.optional().nullable(),
  gst_rate: zGstRate.optional().nullable(),
  cgst_amount: zRupees.optional().nullable(),
  sgst_amount: zRupees.optional().nullable(),
  igst_amount: zRupees.optional().nullable(),
  original_delivery: zId.optional().nullable(),
  original_booking: zId.optional().nullable(),
  supplier_note_number: zLine(100).optional().nullable(),
  supplier_note_date: zBusinessDate.optional().nullable(),
};

type GstFields = { credit_amount?: number | null } & {
  [K in keyof typeof creditNoteGstFields]?: z.infer<(typeof creditNoteGstFields)[K]>;
};

const HEADS = ['cgst_amount', 'sgst_amount', 'igst_amount'] as const;

/** True when the request gives the note GST (a taxable value). */
export function hasCreditNoteGst(note: GstFields): boolean {
  return note.taxable_amount !== undefined && note.taxable_amount !== null;
}

/** True when the heads were typed (any head sent). */
export function typedCreditNoteHeads(note: GstFields): boolean {
  return HEADS.some((head) => note[head] !== undefined && note[head] !== null);
}

/** The note's total in paise from its taxable value and heads. */
export function creditNoteGstTotal(taxable: number, heads: readonly number[]): number {
  return heads.reduce((sum, head) => sum + head, taxable);
}

/** Request rules of the GST fields that need no database (zod superRefine). */
export function checkCreditNoteGst(note: GstFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const gst = hasCreditNoteGst(note);
  const typed = typedCreditNoteHeads(note);
  const rated = note.gst_rate !== undefined && note.gst_rate !== null;
  if (!gst) {
    if (rated) issue('gst_rate', 'A GST rate needs the taxable value');
    if (typed) issue('taxable_amount', 'Tax heads need the taxable value');
    if (note.credit_amount === undefined || note.credit_amount === null)
      issue('credit_amount', 'Enter the credit amount, or the taxable value and its GST');
  } else {
    if (rated && typed) issue('gst_rate', 'Give either the GST rate or the tax heads, not both');
    if (!rated && !typed) issue('gst_rate', 'Give the GST rate or the tax heads');
    const igst = (note.igst_amount ?? 0) > 0;
    if (igst && ((note.cgst_amount ?? 0) > 0 || (note.sgst_amount ?? 0) > 0))
      issue('igst_amount', 'A note is either IGST or CGST and SGST, not both');
  }
  if (note.original_delivery && note.original_booking)
    issue('original_booking', 'A credit note reduces one invoice: a delivery or a booking');
}

/** credit_amount (paise) a GST note must have, or null when the heads are the server's to split. */
export function expectedCreditAmount(note: GstFields): number | null {
  if (!hasCreditNoteGst(note) || !typedCreditNoteHeads(note)) return null;
  return creditNoteGstTotal(
    toPaise(note.taxable_amount!),
    HEADS.map((head) => toPaise(note[head] ?? 0)),
  );
}

/** The fields a credit note is read with. */
export const creditNoteGstRead = {
  /** Rupees; null when the note carries no GST. */
  taxable_amount: z.number().nullable(),
  /** Percent; null when the heads were typed or there is no GST. */
  gst_rate: z.number().nullable(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  original_delivery: z.string().nullable(),
  original_booking: z.string().nullable(),
  supplier_note_number: z.string().nullable(),
  supplier_note_date: z.string().nullable(),
};
