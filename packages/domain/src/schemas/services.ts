import { z } from 'zod';
import { zGstRate, zSacCode } from '../gst.js';
import { zGstRatePeriod, zRateEffectiveFrom } from '../gst-rates.js';
import { zLine, zMultiline } from '../text.js';
import { zListQuery, zRupees } from './common.js';
import { zPriceStats } from './items.js';
import { zTag, zTagIds } from './tags.js';

export const SERVICE_CATEGORIES = [
  'labor',
  'equipment',
  'professional',
  'transport',
  'other',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const SERVICE_UNITS = ['hour', 'day', 'job', 'sqft', 'month'] as const;
export type ServiceUnit = (typeof SERVICE_UNITS)[number];

// Fields without defaults: the update schema is their partial, so a PATCH never resets a field.
const serviceFields = {
  name: zLine(200).min(1, 'Name is required'),
  description: zMultiline(2000).optional().nullable(),
  category: z.enum(SERVICE_CATEGORIES),
  /** Free text ("Mason", "JCB", …). */
  service_type: zLine(200).optional().nullable(),
  unit: z.enum(SERVICE_UNITS),
  /** Rupees per unit, ≥ 0. */
  standard_rate: zRupees,
  is_active: z.boolean(),
  tags: zTagIds,
  /** SAC code (6 digits starting 99); '' or null: none. */
  sac_code: z.union([z.literal(''), zSacCode]).nullable(),
  /** Default GST rate (percent) for bookings of this service. */
  gst_rate: zGstRate.nullable(),
};

export const zServiceCreate = z.object({
  ...serviceFields,
  is_active: serviceFields.is_active.default(true),
  tags: serviceFields.tags.optional(),
  sac_code: serviceFields.sac_code.optional(),
  gst_rate: serviceFields.gst_rate.optional(),
});
export type ServiceCreate = z.infer<typeof zServiceCreate>;

export const zServiceUpdate = z.object(serviceFields).partial().extend({
  /** With `gst_rate`: the rate applies from this date (a new period of its history). */
  gst_rate_effective_from: zRateEffectiveFrom.optional(),
});
export type ServiceUpdate = z.infer<typeof zServiceUpdate>;

export const zService = z.object({
  id: z.string(),
  site: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(SERVICE_CATEGORIES),
  service_type: z.string().nullable(),
  unit: z.string(),
  standard_rate: z.number(),
  sac_code: z.string().nullable(),
  /** The default rate in force today. */
  gst_rate: z.number().nullable(),
  /** The rate's periods, oldest first (one undated period when it never changed). */
  gst_rate_history: z.array(zGstRatePeriod),
  is_active: z.boolean(),
  tags: z.array(z.string()),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ tags: z.array(zTag).optional() }).optional(),
});
export type Service = z.infer<typeof zService>;

/** GET …/services/{id}/stats: bookings that are not cancelled, newest first (at most 500). */
export const zServiceStats = z.object({
  bookings: z.array(
    z.object({
      id: z.string(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      vendor: z.string(),
      vendor_name: z.string(),
      duration: z.number(),
      unit_rate: z.number(),
      total_amount: z.number(),
      status: z.string(),
    }),
  ),
  /** lowest/highest unit rate; average weighted by duration (Σ total ÷ Σ duration). */
  rate: zPriceStats,
  /** Average unit rate per start date, oldest first. */
  trend: z.array(z.object({ date: z.string(), unit_rate: z.number() })),
});
export type ServiceStats = z.infer<typeof zServiceStats>;

/** `?is_active=true|false` (also 1|0). */
export const zBooleanParam = z.enum(['true', 'false', '1', '0']);

export const zServiceListQuery = zListQuery.extend({
  category: z.enum(SERVICE_CATEGORIES).optional(),
  unit: z.enum(SERVICE_UNITS).optional(),
  is_active: zBooleanParam.optional(),
  tag: z.string().max(40).optional(),
});
export type ServiceListQuery = z.infer<typeof zServiceListQuery>;
