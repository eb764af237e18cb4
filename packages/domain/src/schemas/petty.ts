import { z } from 'zod';
import { BUDGET_HEADS } from '../budget.js';
import { zGstRate } from '../gst.js';
import { PETTY_STATUSES } from '../petty.js';
import { zLine, zMultiline } from '../text.js';
import { zBusinessDate, zId, zListQuery, zPositiveRupees } from './common.js';
import { zGstin } from './vendors.js';

/** API.md "Petty cash": a holder's imprest on a site, issued from an account. */
export const zImprestCreate = z.object({
  /** A member of the site who holds the cash. */
  holder: zId,
  /** The fixed level. */
  amount: zPositiveRupees,
  issued_date: zBusinessDate,
  account: zId,
  notes: zMultiline(1000).optional().nullable(),
});
export type ImprestCreate = z.infer<typeof zImprestCreate>;

export const zImprestUpdate = z.object({ notes: zMultiline(1000).optional().nullable() });
export type ImprestUpdate = z.infer<typeof zImprestUpdate>;

export const zImprest = z.object({
  id: z.string(),
  site: z.string(),
  holder: z.string(),
  holder_name: z.string().nullable(),
  amount: z.number(),
  issued_date: z.string(),
  account: z.string(),
  notes: z.string().nullable(),
  /** Approved and pending since the last replenishment. */
  approved_spend: z.number(),
  pending_spend: z.number(),
  /** amount − approved − pending; negative: owed to the holder. */
  balance: z.number(),
  /** Approved since the last replenishment: what replenishing pays. */
  replenishment_due: z.number(),
  last_replenished: z.string().nullable(),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Imprest = z.infer<typeof zImprest>;

export const zImprestListQuery = zListQuery.extend({ holder: zId.optional() });
export type ImprestListQuery = z.infer<typeof zImprestListQuery>;

/** POST …/imprests/{id}/replenish */
export const zImprestReplenish = z.object({ account: zId, date: zBusinessDate });
export type ImprestReplenish = z.infer<typeof zImprestReplenish>;

const zPettyRate = zGstRate;

export const zPettyExpenseCreate = z
  .object({
    imprest: zId,
    expense_date: zBusinessDate,
    /** The bill's total (with its GST when it has a GSTIN and rate). */
    amount: zPositiveRupees,
    description: zLine(300).min(1, 'Say what it was for'),
    /** The cost head; a budget line's own head wins. Default `other`. */
    head: z.enum(BUDGET_HEADS).optional().nullable(),
    budget_line: zId.optional().nullable(),
    vendor_gstin: zGstin.optional().nullable(),
    gst_rate: zPettyRate.optional().nullable(),
  })
  .refine((e) => (e.vendor_gstin == null) === (e.gst_rate == null), {
    message: 'Give the supplier’s GSTIN and the GST rate together',
    path: ['gst_rate'],
  });
export type PettyExpenseCreate = z.infer<typeof zPettyExpenseCreate>;

/** A pending expense's words and line may change; its money is remade only by a new entry. */
export const zPettyExpenseUpdate = z.object({
  description: zLine(300).min(1).optional(),
  head: z.enum(BUDGET_HEADS).optional(),
  budget_line: zId.optional().nullable(),
});
export type PettyExpenseUpdate = z.infer<typeof zPettyExpenseUpdate>;

export const zPettyReject = z.object({ reason: zLine(300).min(1, 'Say why') });
export type PettyReject = z.infer<typeof zPettyReject>;

export const zPettyExpense = z.object({
  id: z.string(),
  site: z.string(),
  imprest: z.string(),
  holder: z.string().nullable(),
  expense_date: z.string(),
  amount: z.number(),
  description: z.string(),
  head: z.enum(BUDGET_HEADS),
  budget_line: z.string().nullable(),
  vendor_gstin: z.string().nullable(),
  gst_rate: z.number().nullable(),
  taxable_amount: z.number(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  status: z.enum(PETTY_STATUSES),
  reject_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  replenishment: z.string().nullable(),
  photos: z.array(z.string()),
  /**
   * Pending and above the site's `petty_photo_above` without a photo: it waits for its bill's
   * photo (within the approval threshold the photo approves it; above, the owner needs it).
   */
  photo_required: z.boolean(),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type PettyExpense = z.infer<typeof zPettyExpense>;

export const zPettyExpenseListQuery = zListQuery.extend({
  imprest: zId.optional(),
  status: z.enum(PETTY_STATUSES).optional(),
  budget_line: zId.optional(),
});
export type PettyExpenseListQuery = z.infer<typeof zPettyExpenseListQuery>;

/** GET …/petty_expenses/by_head: approved and pending spend per cost head (rejected left out). */
export const zPettyByHeadQuery = z.object({
  from: zBusinessDate.optional(),
  to: zBusinessDate.optional(),
  imprest: zId.optional(),
});
export type PettyByHeadQuery = z.infer<typeof zPettyByHeadQuery>;

const zPettyHeadFigures = z.object({
  count: z.number().int(),
  approved_amount: z.number(),
  pending_amount: z.number(),
});
export const zPettyByHead = z.object({
  items: z.array(zPettyHeadFigures.extend({ head: z.enum(BUDGET_HEADS) })),
  totals: zPettyHeadFigures,
});
export type PettyByHead = z.infer<typeof zPettyByHead>;

export const PETTY_STATEMENT_KINDS = ['issued', 'expense', 'replenished'] as const;

/** GET …/imprests/{id}/statement: the holder's cash book over a period. */
export const zImprestStatementQuery = z.object({
  from: zBusinessDate.optional(),
  to: zBusinessDate.optional(),
  format: z.enum(['json', 'pdf', 'xlsx']).optional(),
});
export type ImprestStatementQuery = z.infer<typeof zImprestStatementQuery>;

export const zImprestStatementEntry = z.object({
  date: z.string(),
  kind: z.enum(PETTY_STATEMENT_KINDS),
  id: z.string(),
  description: z.string(),
  /** An expense's status; null for money given to the holder. */
  status: z.enum(PETTY_STATUSES).nullable(),
  amount_in: z.number(),
  amount_out: z.number(),
  /** Cash in hand after the entry (a rejected expense moves nothing). */
  balance: z.number(),
});
export type ImprestStatementEntry = z.infer<typeof zImprestStatementEntry>;

export const zImprestStatement = z.object({
  imprest: zImprest,
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening_balance: z.number(),
  entries: z.array(zImprestStatementEntry),
  closing_balance: z.number(),
});
export type ImprestStatement = z.infer<typeof zImprestStatement>;
