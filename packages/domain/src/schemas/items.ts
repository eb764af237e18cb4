import { z } from 'zod';
import { zGstRate, zHsnCode } from '../gst.js';
import { zGstRatePeriod, zRateEffectiveFrom } from '../gst-rates.js';
import { zLine, zMultiline } from '../text.js';
import { zCountedQuantity, zListQuery } from './common.js';
import { zTag, zTagIds } from './tags.js';

/** The spec's units plus the units Indian sites buy in. */
export const ITEM_UNITS = [
  'pcs',
  'pkt',
  'each',
  'ft',
  'm2',
  'm3',
  'kg',
  'ton',
  'bag',
  'box',
  'sqft',
  'ft3',
  'l',
  'nos',
  'rft',
  'rmt',
  'brass',
  'cft',
  'cum',
  'MT',
  'quintal',
  'bundle',
  'sheet',
  'pair',
  'set',
  'roll',
  'drum',
] as const;
export type ItemUnit = (typeof ITEM_UNITS)[number];

export const zItemCreate = z.object({
  name: zLine(200).min(1, 'Name is required'),
  description: zMultiline(2000).optional().nullable(),
  unit: z.enum(ITEM_UNITS),
  tags: zTagIds.optional(),
  /** HSN code (4, 6 or 8 digits); '' or null: none. */
  hsn_code: z
    .union([z.literal(''), zHsnCode])
    .optional()
    .nullable(),
  /** Default GST rate (percent) for new delivery lines of this item. */
  gst_rate: zGstRate.optional().nullable(),
  /** Site stock: below this quantity the item is low (alerts, the dashboard); null: no minimum. */
  min_stock_level: zCountedQuantity.optional().nullable(),
});
export type ItemCreate = z.infer<typeof zItemCreate>;

export const zItemUpdate = zItemCreate.partial().extend({
  /** With `gst_rate`: the rate applies from this date (a new period of its history). */
  gst_rate_effective_from: zRateEffectiveFrom.optional(),
});
export type ItemUpdate = z.infer<typeof zItemUpdate>;

export const zItem = z.object({
  id: z.string(),
  site: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string(),
  hsn_code: z.string().nullable(),
  /** The default rate in force today. */
  gst_rate: z.number().nullable(),
  /** The rate's periods, oldest first (one undated period when it never changed). */
  gst_rate_history: z.array(zGstRatePeriod),
  tags: z.array(z.string()),
  /** On hand (API.md "Site stock"): the Σ of the item's stock movements; same as current_stock. */
  stock_quantity: z.number(),
  current_stock: z.number(),
  min_stock_level: z.number().nullable(),
  total_delivered: z.number(),
  /** Weighted average unit price in rupees over all deliveries; 0 before the first one. */
  average_price: z.number(),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ tags: z.array(zTag).optional() }).optional(),
});
export type Item = z.infer<typeof zItem>;

/** GET …/items/{id}/stats (also used for services with bookings in place of deliveries). */
export const zPriceStats = z.object({
  lowest: z.number(),
  highest: z.number(),
  average: z.number(),
});

export const zItemStats = z.object({
  deliveries: z.array(
    z.object({
      id: z.string(),
      delivery: z.string(),
      delivery_date: z.string(),
      delivery_reference: z.string().nullable(),
      vendor: z.string(),
      vendor_name: z.string(),
      quantity: z.number(),
      unit_price: z.number(),
      total_amount: z.number(),
    }),
  ),
  price: zPriceStats,
  trend: z.array(z.object({ date: z.string(), unit_price: z.number() })),
});
export type ItemStats = z.infer<typeof zItemStats>;

export const zItemListQuery = zListQuery.extend({
  unit: z.enum(ITEM_UNITS).optional(),
  tag: z.string().max(40).optional(),
});
export type ItemListQuery = z.infer<typeof zItemListQuery>;
