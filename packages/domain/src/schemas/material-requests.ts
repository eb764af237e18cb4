import { z } from 'zod';
import { MATERIAL_REQUEST_STATUSES } from '../purchasing.js';
import { zMultiline } from '../text.js';
import { zBusinessDate, zId, zListQuery, zPlannedDate, zQuantity } from './common.js';

/** Most lines one request may carry. */
export const MAX_REQUEST_LINES = 200;

const zNotes = zMultiline(2000);

export const zMaterialRequestLineInput = z.object({
  item: zId,
  quantity: zQuantity,
  notes: zNotes.optional().nullable(),
});
export type MaterialRequestLineInput = z.infer<typeof zMaterialRequestLineInput>;

const zLines = z
  .array(zMaterialRequestLineInput)
  .min(1, 'A request needs at least one item')
  .max(MAX_REQUEST_LINES);

/**
 * POST …/material_requests → draft. `submit: true` submits it in the same write (one request a
 * phone can queue offline instead of two).
 */
export const zMaterialRequestCreate = z.object({
  items: zLines,
  request_date: zBusinessDate.optional(),
  needed_by: zPlannedDate.optional().nullable(),
  notes: zNotes.optional().nullable(),
  submit: z.boolean().optional(),
});
export type MaterialRequestCreate = z.infer<typeof zMaterialRequestCreate>;

/** PATCH while draft or submitted; `items` replaces the lines. */
export const zMaterialRequestUpdate = z.object({
  items: zLines.optional(),
  request_date: zBusinessDate.optional(),
  needed_by: zPlannedDate.optional().nullable(),
  notes: zNotes.optional().nullable(),
});
export type MaterialRequestUpdate = z.infer<typeof zMaterialRequestUpdate>;

/** POST …/approve { notes? } · …/reject { notes } (a rejection says why). */
export const zMaterialRequestApprove = z.object({ notes: zNotes.optional().nullable() });
export type MaterialRequestApprove = z.infer<typeof zMaterialRequestApprove>;
export const zMaterialRequestReject = z.object({
  notes: zNotes.refine((v) => v.trim().length > 0, 'Say why the request is rejected'),
});
export type MaterialRequestReject = z.infer<typeof zMaterialRequestReject>;

export const zMaterialRequestLine = z.object({
  id: z.string(),
  item: z.string(),
  item_name: z.string(),
  unit: z.string(),
  /** The item's GST rate (percent; null: no GST): a purchase order's line starts with it. */
  gst_rate: z.number().nullable(),
  quantity: z.number(),
  /** Σ of the lines of purchase orders (not cancelled) raised against this line. */
  ordered_quantity: z.number(),
  notes: z.string().nullable(),
});
export type MaterialRequestLine = z.infer<typeof zMaterialRequestLine>;

export const zMaterialRequest = z.object({
  id: z.string(),
  site: z.string(),
  status: z.enum(MATERIAL_REQUEST_STATUSES),
  request_date: z.string(),
  needed_by: z.string().nullable(),
  notes: z.string().nullable(),
  photos: z.array(z.string()),
  requested_by: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_notes: z.string().nullable(),
  /**
   * Rupees: Σ quantity × the item's average delivered price (0 for an item never delivered); what
   * the site's approval amount is compared with.
   */
  estimated_amount: z.number(),
  items: z.array(zMaterialRequestLine),
  created: z.string(),
  updated: z.string(),
});
export type MaterialRequest = z.infer<typeof zMaterialRequest>;

/**
 * GET …/material_requests: filters status (one, or several comma-separated), requested_by;
 * from/to on request_date; q searches notes; default sort -request_date.
 */
export const zMaterialRequestListQuery = zListQuery.extend({
  status: z.string().max(200).optional(),
  requested_by: zId.optional(),
});
export type MaterialRequestListQuery = z.infer<typeof zMaterialRequestListQuery>;
