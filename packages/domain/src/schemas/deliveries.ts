import { z } from 'zod';
import { zTdsFigures, zTdsSection } from './tds.js';
import { zReleased, zReleasedReply, zReleaseOverpayment } from './overpayment.js';
import { zGstRate, zStateCode } from '../gst.js';
import { ITC_INELIGIBLE_REASONS } from '../gst-itc.js';
import { zRecordedTax } from './recorded-tax.js';
import { zLine, zMultiline } from '../text.js';
import {
  zBusinessDate,
  zId,
  zListQuery,
  zPositiveRupees,
  zQuantity,
  zRupees,
  zSignedRupees,
} from './common.js';

export const DELIVERY_PAYMENT_STATUSES = ['pending', 'partial', 'paid'] as const;
export type DeliveryPaymentStatusValue = (typeof DELIVERY_PAYMENT_STATUSES)[number];

/** Most lines one delivery (or one batch) may carry. */
export const MAX_DELIVERY_LINES = 500;

/** Round-off: rupees that may be negative, at most 2 decimals, |x| ≤ 1e11. */
export const zRoundOff = zSignedRupees;

const zReference = zLine(200);
const zNotes = zMultiline(2000);

/** Related records inlined under `expand.<field>` (a short summary, not the whole record). */
export const zRefVendor = z.object({
  id: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  phone: z.string().nullable(),
  gstin: z.string().nullable(),
});
export type RefVendor = z.infer<typeof zRefVendor>;

export const zRefItem = z.object({ id: z.string(), name: z.string(), unit: z.string() });
export type RefItem = z.infer<typeof zRefItem>;

export const zRefDelivery = z.object({
  id: z.string(),
  vendor: z.string(),
  delivery_date: z.string(),
  delivery_reference: z.string().nullable(),
});
export type RefDelivery = z.infer<typeof zRefDelivery>;

/**
 * The purchase order line a delivery line is received against, as inlined under
 * `expand.purchase_order_line` (`?expand=delivery_items.purchase_order_line` on a delivery): what
 * was ordered at which rate, so a screen can show what is pending and flag a rate that differs.
 */
export const zRefOrderLine = z.object({
  id: z.string(),
  purchase_order: z.string(),
  purchase_order_number: z.string().nullable(),
  quantity: z.number(),
  unit_price: z.number(),
  received_quantity: z.number(),
});
export type RefOrderLine = z.infer<typeof zRefOrderLine>;

/** One line as sent inside a new delivery. */
export const zDeliveryLineCreate = z.object({
  item: zId,
  quantity: zQuantity,
  unit_price: zPositiveRupees,
  /** Percent; absent: the item's default; null: no GST on this line. */
  gst_rate: zGstRate.optional().nullable(),
  notes: zNotes.optional().nullable(),
  /** The purchase order line this is received against (API.md "Material requests and purchase orders"). */
  purchase_order_line: zId.optional().nullable(),
});
export type DeliveryLineCreate = z.infer<typeof zDeliveryLineCreate>;

/**
 * Issue 40: the heads of one GST rate as printed on the supplier's invoice (rupees). Each must be
 * within ₹1.00 of the computed head (else 400 on `tax_overrides.N.<head>_amount`), and the rate
 * must be one of the bill's lines' rates (else 400 on `tax_overrides.N.gst_rate`).
 */
export const zTaxOverride = z.object({
  gst_rate: zGstRate,
  cgst_amount: zRupees,
  sgst_amount: zRupees,
  igst_amount: zRupees,
});
export type TaxOverride = z.infer<typeof zTaxOverride>;

/** An override as a delivery carries it (`tax_overrides` on reads). */
export const zTaxOverrideReply = zTaxOverride.extend({ gst_rate: z.number() });
export type TaxOverrideReply = z.infer<typeof zTaxOverrideReply>;

/** One entry per rate; `[]` (or null on PATCH) clears them. */
const zTaxOverrides = z
  .array(zTaxOverride)
  .max(20)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((entry, index) => {
      if (seen.has(entry.gst_rate))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'gst_rate'],
          message: 'This rate is already in the list',
        });
      seen.add(entry.gst_rate);
    });
  });

/**
 * POST …/deliveries. total_amount = Σ line totals + tax_amount + round_off must be > 0
 * (checked by the server, which computes every total).
 */
const supplierInvoice = {
  supplier_invoice_number: zLine(60).optional().nullable(),
  supplier_invoice_date: zBusinessDate.optional().nullable(),
  /** State code of the place of supply; default the site's state. */
  place_of_supply: zStateCode.optional().nullable(),
  /**
   * Reverse charge (issue 40 item 10): the tax is computed but owed by the site, not the vendor;
   * total_amount (what the vendor is paid) leaves it out.
   */
  reverse_charge: z.boolean().optional(),
  /** API.md "TDS": absent on a new bill: the vendor's section; null: outside TDS. */
  tds_section: zTdsSection.optional().nullable(),
};

export const zDeliveryCreate = z.object({
  vendor: zId,
  delivery_date: zBusinessDate,
  delivery_reference: zReference.optional().nullable(),
  ...supplierInvoice,
  notes: zNotes.optional().nullable(),
  tax_amount: zRupees.optional(),
  round_off: zRoundOff.optional(),
  tax_overrides: zTaxOverrides.optional(),
  delivery_items: z
    .array(zDeliveryLineCreate)
    .min(1, 'A delivery needs at least one item')
    .max(MAX_DELIVERY_LINES),
});
export type DeliveryCreate = z.infer<typeof zDeliveryCreate>;

/** PATCH …/deliveries/{id}: header fields only; lines change through delivery_items or batch. */
export const zDeliveryUpdate = z.object({
  vendor: zId.optional(),
  delivery_date: zBusinessDate.optional(),
  delivery_reference: zReference.optional().nullable(),
  ...supplierInvoice,
  notes: zNotes.optional().nullable(),
  tax_amount: zRupees.optional(),
  round_off: zRoundOff.optional(),
  tax_overrides: zTaxOverrides.optional().nullable(),
  release_overpayment: zReleaseOverpayment,
});
export type DeliveryUpdate = z.infer<typeof zDeliveryUpdate>;

/** POST …/delivery_items (also a batch POST body). */
export const zDeliveryItemCreate = z.object({
  delivery: zId,
  item: zId,
  quantity: zQuantity,
  unit_price: zPositiveRupees,
  gst_rate: zGstRate.optional().nullable(),
  notes: zNotes.optional().nullable(),
  /** The purchase order line this is received against (API.md "Material requests and purchase orders"). */
  purchase_order_line: zId.optional().nullable(),
});
export type DeliveryItemCreate = z.infer<typeof zDeliveryItemCreate>;

/** PATCH …/delivery_items/{id} (also a batch PATCH body); a line never moves to another delivery. */
export const zDeliveryItemUpdate = z.object({
  item: zId.optional(),
  quantity: zQuantity.optional(),
  unit_price: zPositiveRupees.optional(),
  gst_rate: zGstRate.optional().nullable(),
  notes: zNotes.optional().nullable(),
  /** The purchase order line this is received against (API.md "Material requests and purchase orders"). */
  purchase_order_line: zId.optional().nullable(),
  release_overpayment: zReleaseOverpayment,
});
export type DeliveryItemUpdate = z.infer<typeof zDeliveryItemUpdate>;

/**
 * DELETE …/delivery_items/{id} (also a batch DELETE body): removing a paid line may release the
 * overpayment, as a PATCH lowering it may. Sent in the JSON body, or as the query
 * `?release_overpayment=true`.
 */
export const zDeliveryItemDelete = z
  .object({ release_overpayment: zReleaseOverpayment })
  .optional()
  .nullable();
export type DeliveryItemDelete = z.infer<typeof zDeliveryItemDelete>;
export const zDeliveryItemDeleteQuery = z.object({
  release_overpayment: z.enum(['true', 'false']).optional(),
});

export const zDeliveryItem = z.object({
  id: z.string(),
  site: z.string(),
  delivery: z.string(),
  item: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  /** quantity × unit_price rounded to the paisa, in rupees: the taxable value. */
  total_amount: z.number(),
  /** Percent, or null: no GST on this line. */
  gst_rate: z.number().nullable(),
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  purchase_order_line: z.string().nullable(),
  notes: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  expand: z
    .object({
      item: zRefItem.optional(),
      delivery: zRefDelivery.optional(),
      purchase_order_line: zRefOrderLine.optional(),
    })
    .optional(),
  /** Only in the reply to a PATCH that released an overpayment. */
  released: z.array(zReleased).optional(),
});
export type DeliveryItem = z.infer<typeof zDeliveryItem>;

export const zDelivery = z.object({
  id: z.string(),
  site: z.string(),
  vendor: z.string(),
  delivery_date: z.string(),
  delivery_reference: z.string().nullable(),
  supplier_invoice_number: z.string().nullable(),
  supplier_invoice_date: z.string().nullable(),
  place_of_supply: z.string().nullable(),
  ...zRecordedTax.shape,
  reverse_charge: z.boolean(),
  notes: z.string().nullable(),
  photos: z.array(z.string()),
  items_total: z.number(),
  /** Σ of the lines' heads when any line has a GST rate (then tax_amount is their sum). */
  cgst_amount: z.number(),
  sgst_amount: z.number(),
  igst_amount: z.number(),
  tax_amount: z.number(),
  /**
   * Per-rate heads set to the supplier's invoice (issue 40); the heads above include them. A line
   * edit re-checks each against the recomputed heads and drops one more than ₹1 away.
   */
  tax_overrides: z.array(zTaxOverrideReply),
  round_off: z.number(),
  /** items_total + tax_amount + round_off (under reverse charge: items_total + round_off). */
  total_amount: z.number(),
  ...zTdsFigures,
  paid_amount: z.number(),
  payment_status: z.enum(DELIVERY_PAYMENT_STATUSES),
  /**
   * Issue 40: why the bill's tax is not claimable although the site claims credit
   * ("place_of_supply": 4(D)(2)); null otherwise.
   */
  itc_ineligible_reason: z.enum(ITC_INELIGIBLE_REASONS).nullable().optional(),
  /**
   * The lines, oldest first. Always present on a single delivery (get, create, update); on a list
   * only when `expand` names `delivery_items` (or `delivery_items.item`).
   */
  delivery_items: z.array(zDeliveryItem).optional(),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ vendor: zRefVendor.optional() }).optional(),
  /** Only in the reply to a PATCH that released an overpayment. */
  released: z.array(zReleased).optional(),
});
export type Delivery = z.infer<typeof zDelivery>;

/**
 * GET …/deliveries: filters vendor, payment_status; from/to on delivery_date; q searches
 * delivery_reference and notes; default sort -delivery_date. expand: vendor, delivery_items,
 * delivery_items.item (comma-separated).
 */
export const zDeliveryListQuery = zListQuery.extend({
  vendor: zId.optional(),
  payment_status: z.enum(DELIVERY_PAYMENT_STATUSES).optional(),
});
export type DeliveryListQuery = z.infer<typeof zDeliveryListQuery>;

/** GET …/delivery_items: filters delivery, item; default sort created; expand: item, delivery. */
export const zDeliveryItemListQuery = zListQuery.extend({
  delivery: zId.optional(),
  item: zId.optional(),
});
export type DeliveryItemListQuery = z.infer<typeof zDeliveryItemListQuery>;

// POST /api/batch (API.md "Batch"): only delivery_items URLs are accepted.
export const BATCH_METHODS = ['POST', 'PATCH', 'DELETE'] as const;
export type BatchMethod = (typeof BATCH_METHODS)[number];

export const zBatchRequestEntry = z.object({
  method: z.enum(BATCH_METHODS),
  /** /api/sites/{siteId}/delivery_items (POST) or /api/sites/{siteId}/delivery_items/{id}. */
  url: z.string().max(300),
  body: z.record(z.string(), z.unknown()).optional().nullable(),
});
export type BatchRequestEntry = z.infer<typeof zBatchRequestEntry>;

export const zBatchRequest = z.object({
  requests: z.array(zBatchRequestEntry).min(1).max(MAX_DELIVERY_LINES),
});
export type BatchRequest = z.infer<typeof zBatchRequest>;

/**
 * Each response: 201 + the line for POST, 200 + the line for PATCH, 204 + null for DELETE (200 +
 * `{ released }` for a DELETE that released an overpayment, when it is the delivery's last step).
 */
export const zBatchResponse = z.object({
  responses: z.array(
    z.object({ status: z.number(), body: z.union([zDeliveryItem, zReleasedReply]).nullable() }),
  ),
});
export type BatchResponse = z.infer<typeof zBatchResponse>;
