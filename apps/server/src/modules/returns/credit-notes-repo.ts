import { sql } from 'kysely';
import type { VendorCreditNotesTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { anyRowWhere, siteRows } from '../../db/site-rows.js';

export type CreditNoteRow = VendorCreditNotesTable;

/** The GST part of a note that carries none (issue 40 item 6: every note kept before). */
export const NO_GST = {
  taxable_amount: null,
  gst_rate: null,
  cgst_amount: 0,
  sgst_amount: 0,
  igst_amount: 0,
  original_delivery: null,
  original_booking: null,
  supplier_note_number: null,
  supplier_note_date: null,
} as const satisfies Partial<CreditNoteRow>;

/** Credit notes; `usable` filters on API.md's rule (active, balance > 0, not expired on today). */
export function creditNotesQuery(db: Executor, filters: { usable?: boolean; today: string }) {
  let query = db.selectFrom('vendor_credit_notes').selectAll('vendor_credit_notes');
  if (filters.usable === true) {
    query = query
      .where('status', '=', 'active')
      .where('balance', '>', 0)
      .where((eb) =>
        eb.or([eb('expiry_date', 'is', null), eb('expiry_date', '>=', filters.today)]),
      );
  } else if (filters.usable === false) {
    query = query.where((eb) =>
      eb.or([
        eb('status', '<>', 'active'),
        eb('balance', '<=', 0),
        eb('expiry_date', '<', filters.today),
      ]),
    );
  }
  return query;
}

const notes = siteRows('vendor_credit_notes');
export const findCreditNote = notes.find;
/** The note, locked on PostgreSQL so a change here and a payment using it are serial. */
export const lockCreditNote = notes.lock;
export const insertCreditNote = notes.insert;
export const updateCreditNote = notes.update;
export const deleteCreditNote = notes.remove;

/** Σ used_amount of the note's usage rows (paise): what payments have drawn from it. */
export async function usedAmount(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('credit_note_usage')
    .select(sql<number>`coalesce(sum(used_amount), 0)`.as('used'))
    .where('credit_note', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** True when payments have drawn on the note (usage rows exist). */
export function creditNoteHasUsage(db: Executor, id: string): Promise<boolean> {
  return anyRowWhere(db, 'credit_note_usage', 'credit_note', id);
}

/**
 * A deleted delivery or booking is no longer the original invoice of a credit note (issue 40
 * item 6): the notes that named it keep their GST and lose the reference, in the same transaction.
 */
export async function forgetOriginalInvoice(
  db: Executor,
  siteId: string,
  original: { delivery: string } | { booking: string },
): Promise<void> {
  const column = 'delivery' in original ? 'original_delivery' : 'original_booking';
  const id = 'delivery' in original ? original.delivery : original.booking;
  await db
    .updateTable('vendor_credit_notes')
    .set({ [column]: null })
    .where('site_id', '=', siteId)
    .where(column, '=', id)
    .execute();
}
