import { z } from 'zod';
import {
  STOCK_ADJUSTMENT_STATUSES,
  STOCK_MOVEMENT_KINDS,
  STOCK_TRANSFER_STATUSES,
} from '../stock.js';
import { zLine, zMultiline } from '../text.js';
import { zBusinessDate, zCountedQuantity, zDate, zId, zListQuery, zQuantity } from './common.js';

/** Most lines one transfer or count may carry. */
export const MAX_STOCK_LINES = 200;

const zNotes = zMultiline(2000);

const zReason = zLine(200).refine((v) => v.trim().length > 0, 'Give a reason');

// ── Consumption ─────────────────────────────────────────────────────────────────────────────────

/** POST …/stock_consumptions. `used_for` is the work it went into (slab, plaster, block work…). */
export const zStockConsumptionCreate = z.object({
  item: zId,
  quantity: zQuantity,
  consumption_date: zBusinessDate,
  used_for: zLine(120).optional().nullable(),
  notes: zNotes.optional().nullable(),
});
export type StockConsumptionCreate = z.infer<typeof zStockConsumptionCreate>;

export const zStockConsumptionUpdate = zStockConsumptionCreate.partial();
export type StockConsumptionUpdate = z.infer<typeof zStockConsumptionUpdate>;

export const zStockConsumption = z.object({
  id: z.string(),
  site: z.string(),
  item: z.string(),
  item_name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  consumption_date: z.string(),
  used_for: z.string().nullable(),
  notes: z.string().nullable(),
  photos: z.array(z.string()),
  /** Rupees taken out of stock: quantity × the average when it was recorded. */
  value: z.number(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type StockConsumption = z.infer<typeof zStockConsumption>;

/** GET …/stock_consumptions: item, used_for (exact), from/to on consumption_date; q: notes, work. */
export const zStockConsumptionListQuery = zListQuery.extend({
  item: zId.optional(),
  used_for: z.string().max(120).optional(),
});
export type StockConsumptionListQuery = z.infer<typeof zStockConsumptionListQuery>;

// ── Adjustments and counts ──────────────────────────────────────────────────────────────────────

/** POST …/stock_adjustments: one item counted; the difference from on hand becomes a movement. */
export const zStockAdjustmentCreate = z.object({
  item: zId,
  counted_quantity: zCountedQuantity,
  adjustment_date: zBusinessDate,
  reason: zReason,
});
export type StockAdjustmentCreate = z.infer<typeof zStockAdjustmentCreate>;

/** POST …/stock_counts: a physical count of several items, one adjustment each, one write. */
export const zStockCountCreate = z.object({
  count_date: zBusinessDate,
  reason: zReason,
  lines: z
    .array(z.object({ item: zId, counted_quantity: zCountedQuantity }))
    .min(1, 'Count at least one item')
    .max(MAX_STOCK_LINES)
    .refine(
      (lines) => new Set(lines.map((l) => l.item)).size === lines.length,
      'Each item once per count',
    ),
});
export type StockCountCreate = z.infer<typeof zStockCountCreate>;

/** POST …/stock_adjustments/{id}/reject { notes } (owners; a rejection says why). */
export const zStockAdjustmentDecision = z.object({ notes: zNotes.optional().nullable() });
export type StockAdjustmentDecision = z.infer<typeof zStockAdjustmentDecision>;

export const zStockAdjustment = z.object({
  id: z.string(),
  site: z.string(),
  item: z.string(),
  item_name: z.string(),
  unit: z.string(),
  counted_quantity: z.number(),
  /** On hand when the count was applied (or recorded, while it waits for an owner). */
  previous_quantity: z.number(),
  /** counted − previous. */
  difference: z.number(),
  /** Rupees: the difference at the average cost (negative for a loss). */
  value: z.number(),
  adjustment_date: z.string(),
  reason: z.string(),
  /** applied · pending (above the site's count threshold, waiting for an owner) · rejected. */
  status: z.enum(STOCK_ADJUSTMENT_STATUSES),
  /** Adjustments made by one count share it. */
  stock_count: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_notes: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type StockAdjustment = z.infer<typeof zStockAdjustment>;

export const zStockCountResult = z.object({ adjustments: z.array(zStockAdjustment) });
export type StockCountResult = z.infer<typeof zStockCountResult>;

export const zStockAdjustmentListQuery = zListQuery.extend({
  item: zId.optional(),
  status: z.enum(STOCK_ADJUSTMENT_STATUSES).optional(),
});
export type StockAdjustmentListQuery = z.infer<typeof zStockAdjustmentListQuery>;

// ── Transfers ───────────────────────────────────────────────────────────────────────────────────

export const zStockTransferCreate = z.object({
  to_site: zId,
  transfer_date: zBusinessDate,
  notes: zNotes.optional().nullable(),
  lines: z
    .array(z.object({ item: zId, quantity: zQuantity }))
    .min(1, 'A transfer needs at least one item')
    .max(MAX_STOCK_LINES),
});
export type StockTransferCreate = z.infer<typeof zStockTransferCreate>;

/**
 * POST /api/sites/{toSiteId}/stock_transfers/{id}/receive. A line left out arrived in full; `item`
 * names the receiving site's item (by default its item of the same name and unit).
 */
export const zStockTransferReceive = z.object({
  received_date: zBusinessDate.optional(),
  lines: z
    .array(
      z.object({ id: zId, received_quantity: zCountedQuantity, item: zId.optional().nullable() }),
    )
    .max(MAX_STOCK_LINES)
    // A line named twice was once taken by its last mention, silently (issue 37).
    .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, 'Each line once'),
});
export type StockTransferReceive = z.infer<typeof zStockTransferReceive>;

export const zStockTransferLine = z.object({
  id: z.string(),
  item: z.string(),
  item_name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** Rupees: quantity × the sending site's average when it was sent. */
  value: z.number(),
  received_quantity: z.number().nullable(),
  /** The receiving site's item it entered as. */
  received_item: z.string().nullable(),
  /** sent − received: recorded, and in neither site's stock. */
  shortfall_quantity: z.number().nullable(),
});
export type StockTransferLine = z.infer<typeof zStockTransferLine>;

export const zStockTransfer = z.object({
  id: z.string(),
  /** The sending site (the record's own). */
  site: z.string(),
  site_name: z.string(),
  /** Null once the receiving site was deleted for good (its name then reads ''). */
  to_site: z.string().nullable(),
  to_site_name: z.string(),
  /** Seen from the site asked about: `out` on the sending site, `in` on the receiving one. */
  direction: z.enum(['out', 'in']),
  status: z.enum(STOCK_TRANSFER_STATUSES),
  transfer_date: z.string(),
  received_date: z.string().nullable(),
  notes: z.string().nullable(),
  total_value: z.number(),
  lines: z.array(zStockTransferLine),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  received_by: z.string().nullable(),
  received_by_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type StockTransfer = z.infer<typeof zStockTransfer>;

/** GET …/stock_transfers: both directions; `direction` and `status` narrow it. */
export const zStockTransferListQuery = zListQuery.extend({
  direction: z.enum(['out', 'in']).optional(),
  status: z.enum(STOCK_TRANSFER_STATUSES).optional(),
});
export type StockTransferListQuery = z.infer<typeof zStockTransferListQuery>;

// ── Stock, movements and reports ────────────────────────────────────────────────────────────────

export const STOCK_REPORT_FORMATS = ['csv', 'pdf', 'xlsx'] as const;
export type StockReportFormat = (typeof STOCK_REPORT_FORMATS)[number];

const RANGE_MESSAGE = 'The end date cannot be before the start date';

/**
 * GET …/stock: on hand by item, as of `date` (inclusive; default today and later), `low` only
 * items below their minimum, `q` by name; `format` downloads it.
 */
export const zStockQuery = z.object({
  date: zDate.optional(),
  q: z.string().max(200).optional(),
  low: z.enum(['0', '1', 'true', 'false']).optional(),
  format: z.enum(STOCK_REPORT_FORMATS).optional(),
});
export type StockQuery = z.infer<typeof zStockQuery>;

export const zStockRow = z.object({
  item: z.string(),
  name: z.string(),
  unit: z.string(),
  on_hand: z.number(),
  /** Rupees per unit, rounded to the paisa. */
  average_cost: z.number(),
  /** Rupees. */
  value: z.number(),
  min_stock_level: z.number().nullable(),
  low: z.boolean(),
});
export type StockRow = z.infer<typeof zStockRow>;

/** Low-stock items first, then by name. */
export const zStockReport = z.object({
  date: z.string().nullable(),
  items: z.array(zStockRow),
  total_value: z.number(),
  low_count: z.number(),
});
export type StockReport = z.infer<typeof zStockReport>;

/** GET …/stock/statement?from&to: opening, in, out and closing per item for the period. */
export const zStockStatementQuery = z
  .object({
    from: zDate,
    to: zDate,
    format: z.enum(STOCK_REPORT_FORMATS).optional(),
  })
  .refine((q) => q.from <= q.to, { message: RANGE_MESSAGE, path: ['to'] });
export type StockStatementQuery = z.infer<typeof zStockStatementQuery>;

export const zStockStatementRow = z.object({
  item: z.string(),
  name: z.string(),
  unit: z.string(),
  opening_quantity: z.number(),
  opening_value: z.number(),
  /** Deliveries, transfers in and counts that found more. */
  in_quantity: z.number(),
  in_value: z.number(),
  /** Returns, consumption, transfers out and counts that found less (positive figures). */
  out_quantity: z.number(),
  out_value: z.number(),
  closing_quantity: z.number(),
  closing_value: z.number(),
});
export type StockStatementRow = z.infer<typeof zStockStatementRow>;

export const zStockStatement = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(zStockStatementRow),
  totals: z.object({
    opening_value: z.number(),
    in_value: z.number(),
    out_value: z.number(),
    closing_value: z.number(),
  }),
});
export type StockStatement = z.infer<typeof zStockStatement>;

/** GET …/stock/consumption?from&to&group=item|work: what was used, by item or by work and item. */
export const zConsumptionReportQuery = z
  .object({
    from: zDate.optional(),
    to: zDate.optional(),
    group: z.enum(['item', 'work']).default('item'),
    format: z.enum(STOCK_REPORT_FORMATS).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: RANGE_MESSAGE, path: ['to'] });
export type ConsumptionReportQuery = z.infer<typeof zConsumptionReportQuery>;

export const zConsumptionReportRow = z.object({
  /** The work (null: not said, or when grouped by item). */
  used_for: z.string().nullable(),
  item: z.string(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  value: z.number(),
  entries: z.number(),
});
export type ConsumptionReportRow = z.infer<typeof zConsumptionReportRow>;

export const zConsumptionReport = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  group: z.enum(['item', 'work']),
  rows: z.array(zConsumptionReportRow),
  total_value: z.number(),
});
export type ConsumptionReport = z.infer<typeof zConsumptionReport>;

/** GET …/stock_movements: the ledger, newest first; item, kind, from/to on movement_date. */
export const zStockMovementListQuery = zListQuery.extend({
  item: zId.optional(),
  kind: z.enum(STOCK_MOVEMENT_KINDS).optional(),
});
export type StockMovementListQuery = z.infer<typeof zStockMovementListQuery>;

export const zStockMovement = z.object({
  id: z.string(),
  site: z.string(),
  item: z.string(),
  item_name: z.string(),
  unit: z.string(),
  movement_date: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed: in > 0, out < 0. */
  quantity: z.number(),
  /** Signed rupees. */
  value: z.number(),
  /** The record that made it: delivery, return, consumption, transfer or adjustment. */
  source_id: z.string(),
  created: z.string(),
});
export type StockMovement = z.infer<typeof zStockMovement>;
