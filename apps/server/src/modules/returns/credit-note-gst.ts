import {
  hasCreditNoteGst,
  rateToStored,
  toPaise,
  toRupees,
  typedCreditNoteHeads,
  type CreditNoteCreate,
} from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../platform/errors.js';
import { lineHeads, loadTaxPlace, type Heads, type TaxPlace } from '../../platform/gst-profile.js';
import { NO_GST, type CreditNoteRow } from './credit-notes-repo.js';

/*
 * The GST part of a credit note issued by hand (issue 40 item 6; the request rules are the
 * domain's `checkCreditNoteGst`). The original invoice must be a delivery or booking of the same
 * vendor on the site; with a rate the heads are split like a delivery line (vendor's state
 * against the original delivery's place of supply, else the site's state); typed heads must be
 * of the right kind for those states and come from a regular vendor. credit_amount = taxable +
 * heads: a different one sent beside them is refused.
 */

export type CreditNoteGst = Pick<CreditNoteRow, keyof typeof NO_GST>;

function invalid(field: string, code: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code, message } });
}

async function originalPlace(
  db: Executor,
  siteId: string,
  input: CreditNoteCreate,
): Promise<string | null> {
  if (input.original_delivery) {
    const row = await db
      .selectFrom('deliveries')
      .select(['vendor', 'place_of_supply'])
      .where('site_id', '=', siteId)
      .where('id', '=', input.original_delivery)
      .executeTakeFirst();
    if (!row || row.vendor !== input.vendor) {
      throw invalid('original_delivery', 'invalid_reference', 'Unknown delivery of this vendor');
    }
    return row.place_of_supply;
  }
  if (input.original_booking) {
    const row = await db
      .selectFrom('service_bookings')
      .select(['vendor'])
      .where('site_id', '=', siteId)
      .where('id', '=', input.original_booking)
      .executeTakeFirst();
    if (!row || row.vendor !== input.vendor) {
      throw invalid(
        'original_booking',
        'invalid_reference',
        'Unknown service booking of this vendor',
      );
    }
  }
  return null;
}

function typedHeads(input: CreditNoteCreate, place: TaxPlace): Heads {
  const heads = {
    cgst_amount: toPaise(input.cgst_amount ?? 0),
    sgst_amount: toPaise(input.sgst_amount ?? 0),
    igst_amount: toPaise(input.igst_amount ?? 0),
  };
  const total = heads.cgst_amount + heads.sgst_amount + heads.igst_amount;
  if (total === 0) return heads;
  if (!place.regular) {
    throw invalid(
      'gst_rate',
      'custom',
      'Only a regular GST-registered vendor charges GST: a composition or unregistered vendor’s note has no tax',
    );
  }
  if (place.vendorState && place.placeOfSupply) {
    const same = place.vendorState === place.placeOfSupply;
    if (same && heads.igst_amount > 0) {
      throw invalid(
        'igst_amount',
        'custom',
        'Same state: the note carries CGST and SGST, not IGST',
      );
    }
    if (!same && heads.cgst_amount + heads.sgst_amount > 0) {
      throw invalid(
        'cgst_amount',
        'custom',
        'Another state: the note carries IGST, not CGST and SGST',
      );
    }
  }
  return heads;
}

/** The note's GST columns and its credit_amount (paise), checked against the books. */
export async function creditNoteGst(
  db: Executor,
  siteId: string,
  input: CreditNoteCreate,
): Promise<{ gst: CreditNoteGst; amount: number }> {
  const placeOfSupply = await originalPlace(db, siteId, input);
  const refs = {
    original_delivery: input.original_delivery ?? null,
    original_booking: input.original_booking ?? null,
    supplier_note_number: input.supplier_note_number || null,
    supplier_note_date: input.supplier_note_date ?? null,
  };
  if (!hasCreditNoteGst(input)) {
    return { gst: { ...NO_GST, ...refs }, amount: toPaise(input.credit_amount ?? 0) };
  }
  const taxable = toPaise(input.taxable_amount!);
  const place = await loadTaxPlace(db, siteId, input.vendor, placeOfSupply);
  const rate =
    input.gst_rate !== undefined && input.gst_rate !== null ? rateToStored(input.gst_rate) : null;
  const heads = typedCreditNoteHeads(input)
    ? typedHeads(input, place)
    : lineHeads(taxable, rate, place, 'gst_rate');
  const amount = taxable + heads.cgst_amount + heads.sgst_amount + heads.igst_amount;
  if (input.credit_amount !== undefined && toPaise(input.credit_amount) !== amount) {
    throw invalid(
      'credit_amount',
      'custom',
      `With GST the credit amount is the taxable value plus its tax: ₹${toRupees(amount)}`,
    );
  }
  return {
    gst: { ...refs, taxable_amount: taxable, gst_rate: rate, ...heads },
    amount,
  };
}
