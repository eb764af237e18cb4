import { z } from 'zod';
import { zGstRate, zStateCode } from '../gst.js';
import { hasAtMostDecimals } from '../money.js';
import { zLine, zMultiline } from '../text.js';
import { zBusinessDate, zId, zListQuery, zPositiveRupees, zQuantity, zRupees } from './common.js';
import { zRefVendor } from './deliveries.js';
import { zTdsFigures, zTdsSection } from './tds.js';
import { zBudgetWarning } from './budgets.js';

/** API.md "Work orders and RA bills". Statuses of a work order. */
export const WORK_ORDER_STATUSES = ['draft', 'issued', 'completed', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const RA_BILL_KINDS = ['bill', 'retention_release'] as const;
export const RA_BILL_PAYMENT_STATUSES = ['pending', 'partial', 'paid'] as const;

/** Most lines one work order may carry (a BOQ of a building's package). */
export const MAX_WO_LINES = 300;

const percent = (max: number) =>
  z
    .number()
    .finite()
    .min(0)
    .max(max)
    .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals');

export const zWorkOrderLineInput = z.object({
  /** Only in a PATCH: the line kept (absent: a new line). */
  id: zId.optional(),
  description: zLine(300).min(1, 'Describe the work'),
  unit: zLine(20).min(1, 'Unit is required'),
  quantity: zQuantity,
  rate: zPositiveRupees,
  /** API.md "Budgets": the budget line it commits. */
  budget_line: zId.optional().nullable(),
});
export type WorkOrderLineInput = z.infer<typeof zWorkOrderLineInput>;

const zLines = z
  .array(zWorkOrderLineInput)
  .min(1, 'A work order needs at least one line')
  .max(MAX_WO_LINES);

const terms = {
  order_date: zBusinessDate.optional(),
  terms: zMultiline(4000).optional().nullable(),
  notes: zMultiline(2000).optional().nullable(),
  /** Of each bill's gross, 0–20 (default 0). */
  retention_percent: percent(20).optional(),
  /** Days after the final bill the retention falls due (default 365). */
  retention_due_days: z.number().int().min(0).max(3650).optional(),
  /** The mobilisation advance agreed (default 0). */
  advance_amount: zRupees.optional(),
  /** Of each bill's gross, recovered from the advance. */
  advance_recovery_percent: percent(100).optional(),
  /** Percent; absent or null: no GST. */
  gst_rate: zGstRate.optional().nullable(),
  place_of_supply: zStateCode.optional().nullable(),
  /** Default the vendor's; null: outside TDS. */
  tds_section: zTdsSection.optional().nullable(),
};

/** POST …/work_orders → draft, number null. */
export const zWorkOrderCreate = z.object({
  vendor: zId,
  title: zLine(200).min(1, 'Title is required'),
  ...terms,
  lines: zLines,
});
export type WorkOrderCreate = z.infer<typeof zWorkOrderCreate>;

/**
 * PATCH: a draft changes freely; once issued only its notes (a line's quantity changes by a
 * variation, `POST …/work_orders/{id}/variations`).
 */
export const zWorkOrderUpdate = z.object({
  vendor: zId.optional(),
  title: zLine(200).min(1).optional(),
  ...terms,
  lines: zLines.optional(),
});
export type WorkOrderUpdate = z.infer<typeof zWorkOrderUpdate>;

/** An approved change of a line's quantity on an issued work order (owner only). */
export const zWorkOrderVariationCreate = z.object({
  work_order_line: zId,
  quantity: zQuantity,
  reason: zLine(300).min(1, 'Give the reason for the variation'),
  variation_date: zBusinessDate.optional(),
});
export type WorkOrderVariationCreate = z.infer<typeof zWorkOrderVariationCreate>;

export const zWorkOrderVariation = z.object({
  id: z.string(),
  work_order_line: z.string(),
  description: z.string(),
  old_quantity: z.number(),
  new_quantity: z.number(),
  reason: z.string(),
  variation_date: z.string(),
  approved_by: z.string().nullable(),
  created: z.string(),
});
export type WorkOrderVariation = z.infer<typeof zWorkOrderVariation>;

export const zWorkOrderLine = z.object({
  id: z.string(),
  description: z.string(),
  unit: z.string(),
  quantity: z.number(),
  rate: z.number(),
  /** quantity × rate, rounded to the paisa. */
  amount: z.number(),
  /** The latest bill's cumulative quantity. */
  billed_quantity: z.number(),
  /** The budget line it names (API.md "Budgets"), or null. */
  budget_line: z.string().nullable(),
});
export type WorkOrderLine = z.infer<typeof zWorkOrderLine>;

export const zWorkOrder = z.object({
  id: z.string(),
  site: z.string(),
  vendor: z.string(),
  title: z.string(),
  number: z.string().nullable(),
  status: z.enum(WORK_ORDER_STATUSES),
  order_date: z.string(),
  terms: z.string().nullable(),
  notes: z.string().nullable(),
  retention_percent: z.number(),
  retention_due_days: z.number(),
  advance_amount: z.number(),
  advance_recovery_percent: z.number(),
  gst_rate: z.number().nullable(),
  place_of_supply: z.string().nullable(),
  tds_section: zTdsSection.nullable(),
  /** Σ quantity × rate of the lines. */
  total_amount: z.number(),
  /** Σ gross of its RA bills. */
  billed_amount: z.number(),
  /** Σ of the advance payments naming it (their amounts, TDS included). */
  advance_paid: z.number(),
  advance_recovered: z.number(),
  retention_held: z.number(),
  retention_released: z.number(),
  retention_due_date: z.string().nullable(),
  lines: z.array(zWorkOrderLine),
  variations: z.array(zWorkOrderVariation),
  issued_at: z.string().nullable(),
  issued_by: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ vendor: zRefVendor.optional() }).optional(),
  /** An issue's reply: the budget lines it took past their budget (API.md "Budgets"). */
  budget_warnings: z.array(zBudgetWarning).optional(),
});
export type WorkOrder = z.infer<typeof zWorkOrder>;

/** GET …/work_orders: filters status (comma-separated allowed) and vendor; from/to on order_date. */
export const zWorkOrderListQuery = zListQuery.extend({
  status: z.string().max(200).optional(),
  vendor: zId.optional(),
});
export type WorkOrderListQuery = z.infer<typeof zWorkOrderListQuery>;

export const zRaBillLineInput = z.object({
  work_order_line: zId,
  /** Everything measured on the line so far, this bill included. */
  cumulative_quantity: z
    .number()
    .finite()
    .min(0)
    .max(1e9)
    .refine((v) => hasAtMostDecimals(v, 3), 'At most 3 decimals'),
});

/** POST …/ra_bills → RA-1, RA-2, … per work order. */
export const zRaBillCreate = z.object({
  work_order: zId,
  bill_date: zBusinessDate,
  supplier_invoice_number: zLine(60).optional().nullable(),
  final: z.boolean().optional(),
  notes: zMultiline(2000).optional().nullable(),
  lines: z.array(zRaBillLineInput).min(1, 'Measure at least one line').max(MAX_WO_LINES),
});
export type RaBillCreate = z.infer<typeof zRaBillCreate>;

/** PATCH …/ra_bills/{id}: only the work order's latest bill (409 NOT_LATEST_BILL). */
export const zRaBillUpdate = z.object({
  bill_date: zBusinessDate.optional(),
  supplier_invoice_number: zLine(60).optional().nullable(),
  final: z.boolean().optional(),
  notes: zMultiline(2000).optional().nullable(),
  lines: z.array(zRaBillLineInput).min(1).max(MAX_WO_LINES).optional(),
});
export type RaBillUpdate = z.infer<typeof zRaBillUpdate>;

export const zRaBillLine = z.object({
  id: z.string(),
  work_order_line: z.string(),
  description: z.string(),
  unit: z.string(),
  rate: z.number(),
  previous_quantity: z.number(),
  cumulative_quantity: z.number(),
  quantity: z.number(),
  amount: z.number(),
  /** The measurement photo (stored file names). */
  photos: z.array(z.string()),
});
export type RaBillLine = z.infer<typeof zRaBillLine>;

export const zRaBill = z.object({
  id: z.string(),
  site: z.string(),
  work_order: z.string(),
  vendor: z.string(),
  kind: z.enum(RA_BILL_KINDS),
  number: z.string(),
  bill_date: z.string(),
  supplier_invoice_number: z.string().nullable(),
  final: z.boolean(),
  notes: z.string().nullable(),
  gross_amount: z.number(),
  gst_rate: z.number().nullable(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  retention_amount: z.number(),
  advance_recovery: z.number(),
  ...zTdsFigures,
  net_payable: z.number(),
  paid_amount: z.number(),
  payment_status: z.enum(RA_BILL_PAYMENT_STATUSES),
  /** An owner approved the measurement (a change of it takes the approval off). */
  approved_at: z.string().nullable(),
  approved_by: z.string().nullable(),
  lines: z.array(zRaBillLine),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type RaBill = z.infer<typeof zRaBill>;

export const zRaBillListQuery = zListQuery.extend({
  work_order: zId.optional(),
  vendor: zId.optional(),
  payment_status: z.enum(RA_BILL_PAYMENT_STATUSES).optional(),
});
export type RaBillListQuery = z.infer<typeof zRaBillListQuery>;

/** POST …/work_orders/{id}/release_retention. */
export const zRetentionRelease = z.object({
  release_date: zBusinessDate,
  /** Default: all that is held. */
  amount: zPositiveRupees.optional(),
  /**
   * Before the order's `retention_due_date` a release is refused (409 RETENTION_NOT_DUE) unless
   * an owner sends `early: true` (released against a bank guarantee); the audit trail records it.
   */
  early: z.boolean().optional(),
});
export type RetentionRelease = z.infer<typeof zRetentionRelease>;

const statementTotals = {
  gross_amount: z.number(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  retention_amount: z.number(),
  advance_recovery: z.number(),
  /** The work order's TDS: its bills' and its advances' (the advance's was taken at payment). */
  tds_amount: z.number(),
  net_payable: z.number(),
  /** What reached the contractor: the advances less their TDS, and what paid the bills. */
  paid_amount: z.number(),
  /** The bills' own columns summed (the statement's totals row). */
  bills_tds_amount: z.number(),
  bills_paid_amount: z.number(),
};

/** GET …/work_orders/{id}/statement */
export const zWorkOrderStatement = z.object({
  work_order: zWorkOrder,
  bills: z.array(zRaBill),
  totals: z.object({
    ...statementTotals,
    /** The advance payments: their amounts, the TDS taken at payment, what the account paid. */
    advance_paid: z.number(),
    advance_tds: z.number(),
    retention_released: z.number(),
    retention_held: z.number(),
    /** TDS on the bills and the advances. */
    tds_total: z.number(),
    /** What reached the contractor: advances less their TDS, and what was paid on the bills. */
    paid_total: z.number(),
    /** What is still owed on the bills. */
    outstanding: z.number(),
  }),
});
export type WorkOrderStatement = z.infer<typeof zWorkOrderStatement>;

/**
 * POST …/ra_bills/{id}/pay and …/work_orders/{id}/advance: a payment of one RA bill (amount
 * default what it still owes) or the order's advance, by whoever sees the money (accountants pay).
 */
export const zSubcontractPay = z.object({
  account: zId,
  amount: zPositiveRupees.optional(),
  payment_date: zBusinessDate,
  reference: zLine(120).optional().nullable(),
  notes: zMultiline(2000).optional().nullable(),
});
export type SubcontractPay = z.infer<typeof zSubcontractPay>;

/** GET …/reports/retention: per work order holding retention, what is held and when it falls due. */
export const zRetentionReport = z.object({
  as_of: z.string(),
  rows: z.array(
    z.object({
      work_order: z.string(),
      number: z.string().nullable(),
      title: z.string(),
      vendor: z.string(),
      vendor_name: z.string(),
      status: z.enum(WORK_ORDER_STATUSES),
      retention_held: z.number(),
      retention_released: z.number(),
      /** Null until the final bill sets it. */
      retention_due_date: z.string().nullable(),
      /** `running`: no final bill yet; `not_due`, `due` (within 30 days), `overdue`. */
      due_status: z.enum(['running', 'not_due', 'due', 'overdue']),
    }),
  ),
  total_held: z.number(),
});
export type RetentionReport = z.infer<typeof zRetentionReport>;
