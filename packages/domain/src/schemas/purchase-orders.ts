import { z } from 'zod';
import { zGstRate } from '../gst.js';
import { PURCHASE_ORDER_STATUSES } from '../purchasing.js';
import { zMultiline } from '../text.js';
import { zBudgetWarning } from './budgets.js';
import {
  zBusinessDate,
  zId,
  zListQuery,
  zPlannedDate,
  zPositiveRupees,
  zQuantity,
} from './common.js';
import { zRefVendor } from './deliveries.js';

/** Most lines one purchase order may carry. */
export const MAX_PO_LINES = 200;

const zNotes = zMultiline(2000);

export const zPurchaseOrderLineInput = z.object({
  /** Only in a PATCH: the line kept (absent: a new line). */
  id: zId.optional(),
  item: zId,
  quantity: zQuantity,
  unit_price: zPositiveRupees,
  /** Percent; absent: the item's default; null: no GST. */
  gst_rate: zGstRate.optional().nullable(),
  material_request_item: zId.optional().nullable(),
  /** API.md "Budgets": the budget line it commits (absent: the line of its item, if any). */
  budget_line: zId.optional().nullable(),
});
export type PurchaseOrderLineInput = z.infer<typeof zPurchaseOrderLineInput>;

const zLines = z
  .array(zPurchaseOrderLineInput)
  .min(1, 'A purchase order needs at least one item')
  .max(MAX_PO_LINES);

/** POST …/purchase_orders → draft, number null. */
export const zPurchaseOrderCreate = z.object({
  vendor: zId,
  material_request: zId.optional().nullable(),
  quotation: zId.optional().nullable(),
  order_date: zBusinessDate.optional(),
  expected_date: zPlannedDate.optional().nullable(),
  terms: zNotes.optional().nullable(),
  notes: zNotes.optional().nullable(),
  lines: zLines,
});
export type PurchaseOrderCreate = z.infer<typeof zPurchaseOrderCreate>;

/**
 * PATCH: header fields; `lines` replaces the lines (a line with `id` is that line changed, one
 * without is new, a line left out is removed). Vendor and lines change freely in a draft; once
 * issued, no line may drop below what was received.
 */
export const zPurchaseOrderUpdate = z.object({
  vendor: zId.optional(),
  order_date: zBusinessDate.optional(),
  expected_date: zPlannedDate.optional().nullable(),
  terms: zNotes.optional().nullable(),
  notes: zNotes.optional().nullable(),
  lines: zLines.optional(),
});
export type PurchaseOrderUpdate = z.infer<typeof zPurchaseOrderUpdate>;

export const zPurchaseOrderLine = z.object({
  id: z.string(),
  item: z.string(),
  item_name: z.string(),
  unit: z.string(),
  hsn_code: z.string().nullable(),
  quantity: z.number(),
  unit_price: z.number(),
  gst_rate: z.number().nullable(),
  /** Taxable value: quantity × unit_price, rounded to the paisa. */
  total_amount: z.number(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  received_quantity: z.number(),
  pending_quantity: z.number(),
  material_request_item: z.string().nullable(),
  /** The budget line it names (API.md "Budgets"), or null. */
  budget_line: z.string().nullable(),
});
export type PurchaseOrderLine = z.infer<typeof zPurchaseOrderLine>;

export const zPurchaseOrder = z.object({
  id: z.string(),
  site: z.string(),
  number: z.string().nullable(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  vendor: z.string(),
  material_request: z.string().nullable(),
  quotation: z.string().nullable(),
  order_date: z.string(),
  expected_date: z.string().nullable(),
  terms: z.string().nullable(),
  notes: z.string().nullable(),
  items_total: z.number(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  tax_amount: z.number(),
  total_amount: z.number(),
  issued_at: z.string().nullable(),
  issued_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_by: z.string().nullable(),
  /** Rupees: Σ of the payments set aside as advances for this order. */
  advance_amount: z.number(),
  /** Rupees: what of those advances is not yet applied to a delivery or booking. */
  advance_unapplied: z.number(),
  lines: z.array(zPurchaseOrderLine),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ vendor: zRefVendor.optional() }).optional(),
  /** An issue's reply: the budget lines it took past their budget (API.md "Budgets"). */
  budget_warnings: z.array(zBudgetWarning).optional(),
});
export type PurchaseOrder = z.infer<typeof zPurchaseOrder>;

/**
 * GET …/purchase_orders: filters status (one, or several comma-separated: `issued,partially_received`
 * are the POs still to be delivered), vendor, material_request; from/to on order_date; q searches
 * number, terms and notes; default sort -order_date. expand: vendor.
 */
export const zPurchaseOrderListQuery = zListQuery.extend({
  status: z.string().max(200).optional(),
  vendor: zId.optional(),
  material_request: zId.optional(),
});
export type PurchaseOrderListQuery = z.infer<typeof zPurchaseOrderListQuery>;

/** GET …/rate_variances: delivery lines received against a PO at a rate other than the PO's. */
export const zRateVariance = z.object({
  delivery_item: z.string(),
  delivery: z.string(),
  delivery_date: z.string(),
  purchase_order: z.string(),
  purchase_order_number: z.string().nullable(),
  purchase_order_line: z.string(),
  vendor: z.string(),
  vendor_name: z.string(),
  item: z.string(),
  item_name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  po_unit_price: z.number(),
  unit_price: z.number(),
  /** unit_price − po_unit_price (rupees per unit; positive: billed above the PO). */
  difference: z.number(),
  /** quantity × difference, rounded to the paisa. */
  variance_amount: z.number(),
});
export type RateVariance = z.infer<typeof zRateVariance>;

export const zRateVarianceListQuery = zListQuery.extend({
  vendor: zId.optional(),
  purchase_order: zId.optional(),
});
export type RateVarianceListQuery = z.infer<typeof zRateVarianceListQuery>;

/** POST …/purchase_orders/{id}/advances: sets a payment of the PO's vendor aside for the PO. */
export const zPurchaseOrderAdvanceCreate = z.object({ payment: zId });
export type PurchaseOrderAdvanceCreate = z.infer<typeof zPurchaseOrderAdvanceCreate>;

/** A payment set aside as an advance for a PO, with what of it is still to be applied. */
export const zPurchaseOrderAdvance = z.object({
  payment: z.string(),
  payment_date: z.string(),
  reference: z.string().nullable(),
  amount: z.number(),
  /** amount − its allocations to deliveries and bookings (rupees). */
  unapplied: z.number(),
});
export type PurchaseOrderAdvance = z.infer<typeof zPurchaseOrderAdvance>;

/**
 * GET …/purchase_orders/{id}/pdf: `inline=1` answers `Content-Disposition: inline` (the browser
 * opens it in a tab: "Open PDF"); without it, `attachment` (a download).
 */
export const zPurchaseOrderPdfQuery = z.object({ inline: z.enum(['0', '1']).optional() });
export type PurchaseOrderPdfQuery = z.infer<typeof zPurchaseOrderPdfQuery>;

export const zPurchaseOrderAdvances = z.object({ items: z.array(zPurchaseOrderAdvance) });
export type PurchaseOrderAdvances = z.infer<typeof zPurchaseOrderAdvances>;
