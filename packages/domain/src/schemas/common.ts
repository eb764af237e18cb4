import { z } from 'zod';
import { hasAtMostDecimals, MAX_RUPEES, toMilli, toPaise } from '../money.js';

/** Ids: 15 random characters [a-z0-9]. */
export const zId = z.string().regex(/^[a-z0-9]{15}$/, 'Invalid id');

/** Business date YYYY-MM-DD that is a real calendar date. */
export const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .refine((value) => {
    const d = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
  }, 'Invalid date');

/** The earliest business date the books take (issue 37: years 0000 to 9999 were taken). */
export const MIN_BUSINESS_DATE = '2000-01-01';
/** The latest date a forward-looking date (an expiry, a "needed by") may name. */
export const MAX_PLANNED_DATE = '2099-12-31';
export const BUSINESS_DATE_MESSAGE = 'Use a date from 2000-01-01 to one year from today';
export const PLANNED_DATE_MESSAGE = 'Use a date from 2000-01-01 to 2099-12-31';

/** One year after today (UTC; a day's slack either side of the server's zone does not matter). */
export function maxBusinessDate(now: Date = new Date()): string {
  const next = new Date(now.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * The date something happened (a delivery, payment, count, transfer…): 2000-01-01 to a year from
 * today. Reckoned at each check, so a server running for months moves with the calendar.
 */
export const zBusinessDate = zDate.refine(
  (v) => v >= MIN_BUSINESS_DATE && v <= maxBusinessDate(),
  BUSINESS_DATE_MESSAGE,
);

/** A date looked forward to (an expiry, valid until, needed by, an end): 2000-01-01 to 2099-12-31. */
export const zPlannedDate = zDate.refine(
  (v) => v >= MIN_BUSINESS_DATE && v <= MAX_PLANNED_DATE,
  PLANNED_DATE_MESSAGE,
);

/** An amount in rupees: finite, ≥ 0, at most 2 decimals, at most 1e11. */
export const zRupees = z
  .number()
  .finite()
  .min(0)
  .max(MAX_RUPEES)
  .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals');

/** A signed amount in rupees (round-off, an opening balance below zero): |x| ≤ 1e11, ≤ 2 decimals. */
export const zSignedRupees = z
  .number()
  .finite()
  .min(-MAX_RUPEES)
  .max(MAX_RUPEES)
  .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals');

/** A strictly positive amount in rupees: at least one paisa once converted (issue 37). */
export const zPositiveRupees = zRupees.refine(
  // A value with too many decimals has its own issue; one issue per field.
  (v) => toPaise(v) > 0 || (v > 0 && !hasAtMostDecimals(v, 2)),
  'Must be greater than 0',
);

/** A quantity: > 0 with at most 3 decimals, judged on the integer thousandths it is stored as. */
export const zQuantity = z
  .number()
  .finite()
  .positive()
  .max(1e9)
  .refine((v) => hasAtMostDecimals(v, 3), 'At most 3 decimals')
  .refine((v) => v <= 0 || !hasAtMostDecimals(v, 3) || toMilli(v) > 0, 'Must be greater than 0');

/** A quantity that may be zero (a count that found nothing, a line that never arrived). */
export const zCountedQuantity = z
  .number()
  .finite()
  .min(0)
  .max(1e9)
  .refine((v) => hasAtMostDecimals(v, 3), 'At most 3 decimals');

export const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Invalid email address'));

/** List query parameters shared by every list (API.md "Lists"). */
export const zListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(30),
  sort: z.string().max(200).optional(),
  expand: z.string().max(200).optional(),
  q: z.string().max(200).optional(),
  from: zDate.optional(),
  to: zDate.optional(),
  skipTotal: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type ListQuery = z.infer<typeof zListQuery>;

export function zListResult<T extends z.ZodType>(item: T) {
  return z.object({
    page: z.number(),
    perPage: z.number(),
    totalItems: z.number(),
    totalPages: z.number(),
    items: z.array(item),
  });
}

export const zErrorBody = z.object({
  status: z.number(),
  code: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()),
});
