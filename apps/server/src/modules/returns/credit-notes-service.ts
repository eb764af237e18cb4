import {
  checkCreditNoteAmount,
  creditNoteStatusForBalance,
  isUsableCreditNote,
  toPaise,
  type CreditNote,
  type CreditNoteCreate,
  type CreditNoteListQuery,
  type CreditNoteUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type Page } from '../../platform/list.js';
import { listShaped, listSpecOf, shapeOne } from '../../platform/list-shaped.js';
import { checkVendorRef, vendorRefs } from '../../db/site-refs.js';
import { businessToday } from '../../platform/business-time.js';
import * as repo from './credit-notes-repo.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import { refsIf } from '../../platform/expand-refs.js';
import { returnDue } from './return-tax.js';
import { creditNoteGst } from './credit-note-gst.js';
import { checkRefundFits, issueCreditNote, syncReturnRefunds } from './refund-booking.js';
import * as returns from './returns-repo.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import { removeOnce } from '../../platform/remove-once.js';
import type { SiteScope } from '../../platform/scope.js';

const today = (ctx: AppContext) => businessToday(ctx.config.timezone);

/** The GST fields of a note as the API reads them (rupees, percent). */
function creditNoteGstJson(row: repo.CreditNoteRow) {
  return {
    ...apiFields('vendor_credit_notes', row, [
      'taxable_amount',
      'gst_rate',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
    ]),
    original_delivery: row.original_delivery,
    original_booking: row.original_booking,
    supplier_note_number: row.supplier_note_number,
    supplier_note_date: row.supplier_note_date,
  };
}

function toCreditNote(row: repo.CreditNoteRow, day: string): CreditNote {
  return {
    id: row.id,
    site: row.site_id,
    vendor: row.vendor,
    ...apiFields('vendor_credit_notes', row, ['credit_amount', 'balance']),
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    reference: row.reference,
    reason: row.reason,
    return_id: row.return_id,
    ...creditNoteGstJson(row),
    status: row.status,
    usable: isUsableCreditNote(row, day),
    created: row.created,
    updated: row.updated,
  };
}

async function shape(
  ctx: AppContext,
  siteId: string,
  rows: repo.CreditNoteRow[],
  expand: Set<string>,
): Promise<CreditNote[]> {
  const day = today(ctx);
  const vendors = await refsIf(expand.has('vendor'), () =>
    vendorRefs(
      ctx.db.kysely,
      siteId,
      rows.map((r) => r.vendor),
    ),
  );
  return rows.map((row) => {
    const note = toCreditNote(row, day);
    const vendor = vendors?.get(row.vendor);
    return vendor ? { ...note, expand: { vendor } } : note;
  });
}

const LIST = listSpecOf('vendor_credit_notes');

export async function listCreditNotes(
  scope: SiteScope,
  query: CreditNoteListQuery,
): Promise<Page<CreditNote>> {
  const { ctx, siteId } = scope;
  const usable = query.usable === undefined ? undefined : ['true', '1'].includes(query.usable);
  const base = repo.creditNotesQuery(ctx.db.kysely, { usable, today: today(ctx) });
  return listShaped(scope, base, LIST, query, (rows, expand) => shape(ctx, siteId, rows, expand));
}

export async function getCreditNote(
  scope: SiteScope,
  id: string,
  expand: Set<string> = new Set(),
): Promise<CreditNote> {
  const { ctx, siteId } = scope;
  const row = await repo.findCreditNote(ctx.db.kysely, siteId, id);
  return shapeOne(row, 'Credit note', (rows, ex) => shape(ctx, siteId, rows, ex), expand);
}

/** A credit note issued by hand: balance = credit_amount, status active. */
export async function createCreditNote(
  scope: SiteScope,
  input: CreditNoteCreate,
): Promise<CreditNote> {
  const { ctx, siteId, userId } = scope;
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    await checkVendorRef(trx, siteId, input.vendor);
    const { gst, amount } = await creditNoteGst(trx, siteId, input);
    const issued = await issueCreditNote(trx, {
      siteId,
      vendor: input.vendor,
      amount,
      gst,
      issueDate: input.issue_date,
      expiryDate: input.expiry_date ?? null,
      reference: input.reference || null,
      reason: input.reason || null,
      returnId: null,
      userId,
    });
    await auditCreated(trx, 'credit_notes', siteId, issued);
    return issued;
  });
  return getCreditNote(scope, id);
}

/**
 * Locks, in the one order every path uses, the note's return (when it was issued for one) and
 * then the note; 404 when the note is not of the site.
 */
async function lockNote(ctx: AppContext, trx: Transaction<Database>, siteId: string, id: string) {
  const peek = await repo.findCreditNote(trx, siteId, id);
  if (!peek) throw notFound('Credit note');
  const parent = peek.return_id ? await returns.lockReturn(trx, siteId, peek.return_id) : null;
  const note = await repo.lockCreditNote(trx, siteId, id);
  if (!note) throw notFound('Credit note');
  return { note, parent };
}

/** Payments have drawn on it: usage rows exist or the balance is below the amount. */
async function isUsed(trx: Transaction<Database>, note: repo.CreditNoteRow): Promise<boolean> {
  return note.balance !== note.credit_amount || (await repo.creditNoteHasUsage(trx, note.id));
}

/**
 * Dates, reference and reason may always change; so may credit_amount, but never below what
 * payments have used (409 CREDIT_NOTE_AMOUNT_BELOW_USED): balance = credit_amount − Σ usage and
 * the status follows it, in the same transaction as the change (the note is locked, so a payment
 * using it waits). A note issued for a return keeps the return's refunds within its total and
 * its actual_refund_amount true.
 */
export async function updateCreditNote(
  scope: SiteScope,
  id: string,
  input: CreditNoteUpdate,
): Promise<CreditNote> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const { note, parent } = await lockNote(ctx, trx, siteId, id);
    const changes: Partial<repo.CreditNoteRow> = { updated: nowIso() };
    if (input.issue_date !== undefined) changes.issue_date = input.issue_date;
    if (input.expiry_date !== undefined) changes.expiry_date = input.expiry_date ?? null;
    if (input.reference !== undefined) changes.reference = input.reference || null;
    if (input.reason !== undefined) changes.reason = input.reason || null;
    if (input.supplier_note_number !== undefined)
      changes.supplier_note_number = input.supplier_note_number || null;
    if (input.supplier_note_date !== undefined)
      changes.supplier_note_date = input.supplier_note_date ?? null;
    const issue = changes.issue_date ?? note.issue_date;
    const expiry = changes.expiry_date !== undefined ? changes.expiry_date : note.expiry_date;
    if (expiry && expiry < issue) {
      throw new AppError('VALIDATION_FAILED', {
        expiry_date: {
          code: 'invalid_date',
          message: 'The credit note cannot expire before it is issued',
        },
      });
    }
    const amount = input.credit_amount !== undefined ? toPaise(input.credit_amount) : null;
    if (amount !== null && note.taxable_amount !== null && amount !== note.credit_amount) {
      // Issue 40: a GST note's amount is its taxable value plus its tax, fixed as issued.
      throw new AppError('VALIDATION_FAILED', {
        credit_amount: {
          code: 'custom',
          message: `A GST credit note's amount is its taxable value plus its tax (₹${apiFields('vendor_credit_notes', note, ['credit_amount']).credit_amount})`,
        },
      });
    }
    if (amount !== null) {
      const used = await repo.usedAmount(trx, id);
      const problem = checkCreditNoteAmount(amount, used);
      if (problem) {
        throw new AppError(problem.code, {
          credit_note: id,
          field: 'credit_amount',
          ...rupees({ requested: amount, used: problem.usedPaise }),
        });
      }
      if (parent && amount !== note.credit_amount) {
        const totals = await returns.refundTotals(trx, siteId, parent.id);
        checkRefundFits(
          returnDue(parent),
          totals.money + totals.credit - note.credit_amount,
          amount,
        );
      }
      changes.credit_amount = amount;
      changes.balance = amount - used;
      changes.status = creditNoteStatusForBalance(amount - used);
    }
    const audit = await auditStart(trx, {
      entity: 'credit_notes',
      siteId,
      id,
      action: 'update',
    });
    await repo.updateCreditNote(trx, siteId, id, changes);
    await audit.finish();
    if (parent) await syncReturnRefunds(trx, siteId, parent);
  });
  return getCreditNote(scope, id);
}

/** Only an unused note may be deleted (409 CREDIT_NOTE_USED); its return's refund goes with it. */
export async function deleteCreditNote(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  await removeOnce(scope, 'credit_notes', id, {
    noun: 'Credit note',
    lock: async (trx) => {
      const { note, parent } = await lockNote(ctx, trx, siteId, id);
      return { ...note, parent };
    },
    check: async (trx, note) => {
      if (await isUsed(trx, note)) throw new AppError('CREDIT_NOTE_USED', { credit_note: id });
    },
    remove: async (trx, { parent }) => {
      await repo.deleteCreditNote(trx, siteId, id);
      if (parent) await syncReturnRefunds(trx, siteId, parent);
    },
  });
}
