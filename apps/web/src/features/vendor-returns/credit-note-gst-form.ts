import { creditNoteGstFields, isGstRate, toPaise, type CreditNoteCreate } from '@siteledger/domain';
import { z } from 'zod';
import { dateSchema } from '../../components/ui/date-field';
import { moneySchema } from '../../components/ui/money-field';
import { formText } from '../../lib/form-schema';

/*
 * Issue 40 item 6 in the credit-note form: a supplier's GST credit note carries its taxable value
 * and either a rate (the server splits CGST + SGST or IGST) or the heads as printed, the invoice
 * it reduces and the supplier's note number and date. With GST the credit amount is the server's
 * (taxable + tax), so the amount field gives way to these. Messages are i18n keys.
 */

export const GST_MODES = ['rate', 'heads'] as const;
export type GstMode = (typeof GST_MODES)[number];

/** Server field errors shown under the GST fields (original_* both land on the invoice picker). */
export const GST_FIELDS = [
  'taxable_amount',
  'gst_rate',
  'cgst_amount',
  'sgst_amount',
  'igst_amount',
  'supplier_note_number',
  'supplier_note_date',
] as const;

/** Fields added to the add form's schema. */
export const creditNoteGstShape = {
  with_gst: z.boolean().optional(),
  taxable_amount: moneySchema({ positive: true }).optional(),
  gst_mode: z.enum(GST_MODES).optional(),
  gst_rate: z.number().nullable().optional(),
  cgst_amount: moneySchema().optional(),
  sgst_amount: moneySchema().optional(),
  igst_amount: moneySchema().optional(),
  /** `delivery:<id>`, `booking:<id>` or '' (none). */
  original_invoice: z.string().optional(),
  supplier_note_number: formText(creditNoteGstFields.supplier_note_number).optional(),
  supplier_note_date: dateSchema({ optional: true }).optional(),
};

export interface GstFormValues {
  credit_amount?: number | undefined;
  with_gst?: boolean | undefined;
  taxable_amount?: number | undefined;
  gst_mode?: GstMode | undefined;
  gst_rate?: number | null | undefined;
  cgst_amount?: number | undefined;
  sgst_amount?: number | undefined;
  igst_amount?: number | undefined;
  original_invoice?: string | undefined;
  supplier_note_number?: string | undefined;
  supplier_note_date?: string | undefined;
}

/** The form's rules across fields (the server checks the rest against the books). */
export function checkGstForm(v: GstFormValues, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (!v.with_gst) {
    if (v.credit_amount === undefined) issue('credit_amount', 'validation.required');
    return;
  }
  if (v.taxable_amount === undefined) issue('taxable_amount', 'validation.required');
  if ((v.gst_mode ?? 'rate') === 'rate') {
    if (v.gst_rate === null || v.gst_rate === undefined)
      issue('gst_rate', 'creditNotes.gst.rateRequired');
  } else if (!((v.cgst_amount ?? 0) > 0 || (v.sgst_amount ?? 0) > 0 || (v.igst_amount ?? 0) > 0)) {
    issue('cgst_amount', 'creditNotes.gst.headsRequired');
  }
  if ((v.igst_amount ?? 0) > 0 && ((v.cgst_amount ?? 0) > 0 || (v.sgst_amount ?? 0) > 0))
    issue('igst_amount', 'creditNotes.gst.igstOrHalves');
}

/** Taxable + typed heads (paise), or null when the server splits the heads from a rate. */
export function typedTotalPaise(v: GstFormValues): number | null {
  if (!v.with_gst || (v.gst_mode ?? 'rate') !== 'heads' || v.taxable_amount === undefined)
    return null;
  return [v.taxable_amount, v.cgst_amount ?? 0, v.sgst_amount ?? 0, v.igst_amount ?? 0]
    .map((rupees) => toPaise(rupees))
    .reduce((sum, paise) => sum + paise, 0);
}

/** The request's GST part (and its amount: left to the server when GST is given). */
export function gstBody(
  v: GstFormValues,
): Partial<Omit<CreditNoteCreate, 'vendor' | 'issue_date'>> {
  const [kind, id] = (v.original_invoice ?? '').split(':');
  const refs = {
    original_delivery: kind === 'delivery' && id ? id : null,
    original_booking: kind === 'booking' && id ? id : null,
    supplier_note_number: v.supplier_note_number || null,
    supplier_note_date: v.supplier_note_date || null,
  };
  if (!v.with_gst) return { credit_amount: v.credit_amount, ...refs };
  const taxable = { taxable_amount: v.taxable_amount ?? null };
  if ((v.gst_mode ?? 'rate') === 'rate')
    return { ...taxable, gst_rate: isGstRate(v.gst_rate) ? v.gst_rate : null, ...refs };
  return {
    ...taxable,
    cgst_amount: v.cgst_amount ?? 0,
    sgst_amount: v.sgst_amount ?? 0,
    igst_amount: v.igst_amount ?? 0,
    ...refs,
  };
}
