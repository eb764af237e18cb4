import { z } from 'zod';
import { zLine, zMultiline } from '../text.js';
import { CREDIT_NOTE_STATUSES, RETURN_STATUSES } from '../returns.js';
import {
  zBusinessDate,
  zId,
  zListQuery,
  zPlannedDate,
  zPositiveRupees,
  zQuantity,
  zRupees,
} from './common.js';
import { zDeliveryItem, zRefVendor } from './deliveries.js';
import { zRecordedTax } from './recorded-tax.js';
import { checkCreditNoteGst, creditNoteGstFields, creditNoteGstRead } from './credit-note-gst.js';

export { CREDIT_NOTE_STATUSES, RETURN_STATUSES } from '../returns.js';

// Enumerations as stored and sent (spec part 3, API.md "Fixed details").
export const RETURN_REASONS = [
  'damaged',
  'wrong_item',
  'excess_delivery',
  'quality_issue',
  'specification_mismatch',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const ITEM_CONDITIONS = ['unopened', 'opened', 'damaged', 'used'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

export const REFUND_METHODS = ['cash', 'bank_transfer', 'cheque', 'adjustment', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_TYPES = ['monetary', 'credit', 'split'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];

export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];

/** Most lines one return may carry. */
export const MAX_RETURN_LINES = 500;

const text = (max: number) => (max >= 500 ? zMultiline(max) : zLine(max));

/** One returned delivery line. return_rate may be 0 (goods taken back without credit). */
export const zVendorReturnLineCreate = z.object({
  delivery_item: zId,
  quantity_returned: zQuantity,
  /** Rupees per unit credited for the goods (the form proposes the line's unit_price). */
  return_rate: zRupees,
  condition: z.enum(ITEM_CONDITIONS),
  item_notes: text(1000).optional().nullable(),
});
export type VendorReturnLineCreate = z.infer<typeof zVendorReturnLineCreate>;

/**
 * A refund given with a new return (step 3 of the form), booked in the same transaction:
 * monetary → `amount` back to `account`; credit → a credit note of `amount` (credit_amount is
 * ignored); split → `amount` to `account` and `credit_amount` as a credit note. `account` and
 * `method` are needed whenever money moves. amount (+ credit_amount) ≤ total_return_amount
 * (server: 400 REFUND_EXCEEDS_RETURN).
 */
export const zReturnRefundCreate = z
  .object({
    type: z.enum(REFUND_TYPES),
    method: z.enum(REFUND_METHODS).optional().nullable(),
    account: zId.optional().nullable(),
    amount: zPositiveRupees,
    refund_date: zBusinessDate,
    reference: text(200).optional().nullable(),
    notes: text(2000).optional().nullable(),
    credit_amount: zPositiveRupees.optional().nullable(),
    credit_note_reference: text(200).optional().nullable(),
    credit_note_expiry: zPlannedDate.optional().nullable(),
    /** The supplier's own credit note number and date, kept on the note (issue 40). */
    credit_note_supplier_number: creditNoteGstFields.supplier_note_number,
    credit_note_supplier_date: creditNoteGstFields.supplier_note_date,
  })
  .superRefine((refund, ctx) => {
    if (refund.type !== 'credit') {
      if (!refund.account)
        ctx.addIssue({
          code: 'custom',
          path: ['account'],
          message: 'Choose the account the money goes back to',
        });
      if (!refund.method)
        ctx.addIssue({ code: 'custom', path: ['method'], message: 'Choose a refund method' });
    }
    if (refund.type === 'split' && !refund.credit_amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['credit_amount'],
        message: 'A split refund needs a credit note amount',
      });
    }
    if (
      refund.type !== 'monetary' &&
      refund.credit_note_expiry &&
      refund.credit_note_expiry < refund.refund_date
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['credit_note_expiry'],
        message: 'The credit note cannot expire before it is issued',
      });
    }
  });
export type ReturnRefundCreate = z.infer<typeof zReturnRefundCreate>;

/**
 * The supplier's credit note for the goods sent back (issue 40): the register's row of the return
 * and the Tally Debit Note carry it as the supplier's document.
 */
const supplierCreditNote = {
  supplier_credit_note_number: text(60).optional().nullable(),
  supplier_credit_note_date: zBusinessDate.optional().nullable(),
};

/**
 * POST …/vendor_returns. Every delivery_item must be a line of a delivery of `vendor` on the same
 * site; a line may appear once per return (send one entry with the whole quantity).
 */
export const zVendorReturnCreate = z
  .object({
    vendor: zId,
    return_date: zBusinessDate,
    reason: z.enum(RETURN_REASONS),
    notes: text(2000).optional().nullable(),
    ...supplierCreditNote,
    items: z
      .array(zVendorReturnLineCreate)
      .min(1, 'Select at least one item to return')
      .max(MAX_RETURN_LINES),
    refund: zReturnRefundCreate.optional().nullable(),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.items.forEach((line, index) => {
      if (seen.has(line.delivery_item)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'delivery_item'],
          message: 'This delivery line is already in the return',
        });
      }
      seen.add(line.delivery_item);
    });
  });
export type VendorReturnCreate = z.infer<typeof zVendorReturnCreate>;

/** One line of a return corrected by PATCH: its id (a vendor_return_items id) and what changes. */
export const zVendorReturnLineUpdate = z.object({
  id: zId,
  quantity_returned: zQuantity.optional(),
  return_rate: zRupees.optional(),
  condition: z.enum(ITEM_CONDITIONS).optional(),
  item_notes: text(1000).optional().nullable(),
});
export type VendorReturnLineUpdate = z.infer<typeof zVendorReturnLineUpdate>;

/**
 * PATCH …/vendor_returns/{id}: header fields, and — before any refund — corrections of existing
 * lines (`items`, each naming its line by id; lines left out stay as they are). Quantities are
 * re-checked against what is returnable without the return's own earlier quantities
 * (RETURN_QUANTITY_EXCEEDED); a refunded return's lines are refused (409 RETURN_REFUNDED), and so
 * are a rejected one's (409 INVALID_STATUS_TRANSITION). total_return_amount is recomputed.
 * Status and money change through their own calls.
 */
export const zVendorReturnUpdate = z
  .object({
    return_date: zBusinessDate.optional(),
    reason: z.enum(RETURN_REASONS).optional(),
    notes: text(2000).optional().nullable(),
    ...supplierCreditNote,
    items: z.array(zVendorReturnLineUpdate).max(MAX_RETURN_LINES).optional(),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    (input.items ?? []).forEach((line, index) => {
      if (seen.has(line.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'id'],
          message: 'This line is already in the list',
        });
      }
      seen.add(line.id);
    });
  });
export type VendorReturnUpdate = z.infer<typeof zVendorReturnUpdate>;

/** POST …/vendor_returns/{id}/approve and …/reject (body optional). */
export const zReturnDecision = z.object({ approval_notes: text(2000).optional().nullable() });
export type ReturnDecision = z.infer<typeof zReturnDecision>;

/** POST …/vendor_returns/{id}/complete (body optional); completion_date defaults to today. */
export const zReturnComplete = z.object({ completion_date: zBusinessDate.optional() });
export type ReturnComplete = z.infer<typeof zReturnComplete>;

/** POST …/vendor_returns/{id}/refunds: money back to an account (API.md). */
export const zRefundCreate = z.object({
  account: zId,
  refund_amount: zPositiveRupees,
  refund_date: zBusinessDate,
  refund_method: z.enum(REFUND_METHODS),
  reference: text(200).optional().nullable(),
  notes: text(2000).optional().nullable(),
});
export type RefundCreate = z.infer<typeof zRefundCreate>;

export const zVendorReturnItem = z.object({
  id: z.string(),
  site: z.string(),
  vendor_return: z.string(),
  delivery_item: z.string(),
  quantity_returned: z.number(),
  return_rate: z.number(),
  /** quantity_returned × return_rate rounded to the paisa, in rupees. */
  return_amount: z.number(),
  /** The GST this line reverses: its value at the delivery line's rate and split (rupees). */
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  condition: z.enum(ITEM_CONDITIONS),
  item_notes: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  /** With `expand=items.delivery_item`: the line with expand.item and expand.delivery. */
  expand: z.object({ delivery_item: zDeliveryItem.optional() }).optional(),
});
export type VendorReturnItem = z.infer<typeof zVendorReturnItem>;

export const zVendorReturn = z.object({
  id: z.string(),
  site: z.string(),
  vendor: z.string(),
  return_date: z.string(),
  reason: z.enum(RETURN_REASONS),
  status: z.enum(RETURN_STATUSES),
  notes: z.string().nullable(),
  photos: z.array(z.string()),
  approval_notes: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** Σ return_amount of the lines (rupees). */
  total_return_amount: z.number(),
  /**
   * Σ of the lines' reversed GST. The vendor owes back total_return_amount plus these; refunds
   * and credit notes together stay within that sum.
   */
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  ...zRecordedTax.shape,
  /** Σ money refunds + Σ credit notes issued for the return; null before any refund. */
  actual_refund_amount: z.number().nullable(),
  refund_type: z.enum(REFUND_TYPES).nullable(),
  completion_date: z.string().nullable(),
  supplier_credit_note_number: z.string().nullable(),
  supplier_credit_note_date: z.string().nullable(),
  items: z.array(zVendorReturnItem),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ vendor: zRefVendor.optional() }).optional(),
});
export type VendorReturn = z.infer<typeof zVendorReturn>;

/**
 * GET …/vendor_returns: filters vendor, status, reason; from/to on return_date; q searches notes;
 * default sort -return_date. expand: vendor, items.delivery_item.
 */
export const zVendorReturnListQuery = zListQuery.extend({
  vendor: zId.optional(),
  status: z.enum(RETURN_STATUSES).optional(),
  reason: z.enum(RETURN_REASONS).optional(),
});
export type VendorReturnListQuery = z.infer<typeof zVendorReturnListQuery>;

export const zRefAccount = z.object({ id: z.string(), name: z.string(), type: z.string() });
export const zRefVendorReturn = z.object({
  id: z.string(),
  return_date: z.string(),
  reason: z.string(),
  status: z.string(),
  total_return_amount: z.number(),
});

export const zVendorRefund = z.object({
  id: z.string(),
  site: z.string(),
  vendor_return: z.string(),
  vendor: z.string(),
  account: z.string().nullable(),
  refund_amount: z.number(),
  refund_date: z.string(),
  refund_method: z.enum(REFUND_METHODS),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  processed_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  expand: z
    .object({
      vendor: zRefVendor.optional(),
      account: zRefAccount.optional(),
      vendor_return: zRefVendorReturn.optional(),
    })
    .optional(),
});
export type VendorRefund = z.infer<typeof zVendorRefund>;

/**
 * GET …/vendor_refunds (read-only, canViewFinancials): filters vendor, vendor_return, account,
 * refund_method; from/to on refund_date; default sort -refund_date. expand: vendor, account,
 * vendor_return.
 */
export const zVendorRefundListQuery = zListQuery.extend({
  vendor: zId.optional(),
  vendor_return: zId.optional(),
  account: zId.optional(),
  refund_method: z.enum(REFUND_METHODS).optional(),
});
export type VendorRefundListQuery = z.infer<typeof zVendorRefundListQuery>;

const EXPIRY_BEFORE_ISSUE = 'The credit note cannot expire before it is issued';

/** POST …/vendor_credit_notes; balance (= credit_amount) and status (active) are the server's. */
export const zCreditNoteCreate = z
  .object({
    vendor: zId,
    /** Optional with GST (issue 40: then taxable + heads; a different figure → 400). */
    credit_amount: zPositiveRupees.optional(),
    issue_date: zBusinessDate,
    expiry_date: zPlannedDate.optional().nullable(),
    reference: text(200).optional().nullable(),
    reason: text(2000).optional().nullable(),
    ...creditNoteGstFields,
  })
  .refine((n) => !n.expiry_date || n.expiry_date >= n.issue_date, {
    message: EXPIRY_BEFORE_ISSUE,
    path: ['expiry_date'],
  })
  .superRefine(checkCreditNoteGst);
export type CreditNoteCreate = z.infer<typeof zCreditNoteCreate>;

/**
 * PATCH …/vendor_credit_notes/{id}. The vendor never changes (delete and re-issue instead);
 * credit_amount may change but never below what payments have used (else 409
 * CREDIT_NOTE_AMOUNT_BELOW_USED); balance becomes credit_amount − Σ usage, status follows it.
 */
export const zCreditNoteUpdate = z
  .object({
    credit_amount: zPositiveRupees.optional(),
    issue_date: zBusinessDate.optional(),
    expiry_date: zPlannedDate.optional().nullable(),
    reference: text(200).optional().nullable(),
    reason: text(2000).optional().nullable(),
    /** The supplier's own note number and date may be added later (issue 40). */
    supplier_note_number: creditNoteGstFields.supplier_note_number,
    supplier_note_date: creditNoteGstFields.supplier_note_date,
  })
  .refine((n) => !n.expiry_date || !n.issue_date || n.expiry_date >= n.issue_date, {
    message: EXPIRY_BEFORE_ISSUE,
    path: ['expiry_date'],
  });
export type CreditNoteUpdate = z.infer<typeof zCreditNoteUpdate>;

export const zCreditNote = z.object({
  id: z.string(),
  site: z.string(),
  vendor: z.string(),
  credit_amount: z.number(),
  /** credit_amount − Σ usage; the note is fully_used once it is ≤ 0. */
  balance: z.number(),
  issue_date: z.string(),
  expiry_date: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  /** The vendor return the note was issued for, if any. */
  return_id: z.string().nullable(),
  ...creditNoteGstRead,
  status: z.enum(CREDIT_NOTE_STATUSES),
  /** Active, balance > 0 and not past expiry_date today (in the server's TIMEZONE). */
  usable: z.boolean(),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ vendor: zRefVendor.optional() }).optional(),
});
export type CreditNote = z.infer<typeof zCreditNote>;

/**
 * GET …/vendor_credit_notes (canViewFinancials): filters vendor, status, return_id, usable;
 * from/to on issue_date; default sort -issue_date (sort=issue_date gives the order payments use
 * them in). expand: vendor.
 */
export const zCreditNoteListQuery = zListQuery.extend({
  vendor: zId.optional(),
  status: z.enum(CREDIT_NOTE_STATUSES).optional(),
  return_id: zId.optional(),
  usable: z.enum(['true', 'false', '1', '0']).optional(),
});
export type CreditNoteListQuery = z.infer<typeof zCreditNoteListQuery>;

/** GET …/delivery_items/{id}/returnable: quantities of the line. */
export const zReturnable = z.object({
  delivery_item: z.string(),
  delivered: z.number(),
  /** Σ quantity in returns that are approved, completed or refunded. */
  returned: z.number(),
  /** delivered − returned, never below 0. */
  available: z.number(),
});
export type Returnable = z.infer<typeof zReturnable>;

/**
 * GET …/returnable_items?vendor=…: the vendor's delivery lines that can still be returned
 * (available > 0), newest delivery first, for step 1 of the return form. Filters vendor
 * (required), delivery, item.
 */
export const zReturnableItemListQuery = zListQuery.extend({
  vendor: zId,
  delivery: zId.optional(),
  item: zId.optional(),
});
export type ReturnableItemListQuery = z.infer<typeof zReturnableItemListQuery>;

export const zReturnableItem = zReturnable.extend({
  /** The line with expand.item and expand.delivery. */
  line: zDeliveryItem,
});
export type ReturnableItem = z.infer<typeof zReturnableItem>;
