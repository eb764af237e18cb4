import { z } from 'zod';
import { TDS_SECTION_CODES } from '../tds.js';
import { zBusinessDate } from './common.js';

/** API.md "TDS": a TAN is four letters, five digits, a letter. Empty means none. */
export const TAN_PATTERN = /^[A-Z]{4}\d{5}[A-Z]$/;
export const zOptionalTan = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || TAN_PATTERN.test(v), 'Invalid TAN (10 characters, e.g. MUMA12345B)');

/** A PAN: five letters, four digits, a letter. Empty means none. */
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
export const zOptionalPan = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || PAN_PATTERN.test(v), 'Invalid PAN (10 characters, e.g. AAAPL1234C)');

export const zTdsSection = z.enum(TDS_SECTION_CODES);
export const DEDUCTEE_TYPES = ['individual_huf', 'other'] as const;

/** What a credit carries (API.md "TDS"): rupees, rate in percent. */
export const zTdsFigures = {
  tds_section: zTdsSection.nullable(),
  tds_base: z.number(),
  tds_rate: z.number().nullable(),
  tds_amount: z.number(),
};

export const TDS_SOURCES = ['delivery', 'service_booking', 'ra_bill', 'payment'] as const;

/** GET …/reports/tds */
export const zTdsReportQuery = z.object({
  from: zBusinessDate.optional(),
  to: zBusinessDate.optional(),
  format: z.enum(['json', 'csv', 'xlsx']).optional(),
});
export type TdsReportQuery = z.infer<typeof zTdsReportQuery>;

export const zTdsReportRow = z.object({
  date: z.string(),
  source: z.enum(TDS_SOURCES),
  id: z.string(),
  vendor: z.string(),
  vendor_name: z.string(),
  pan: z.string().nullable(),
  section: zTdsSection,
  base: z.number(),
  rate: z.number(),
  tds_amount: z.number(),
  due_date: z.string(),
});
export type TdsReportRow = z.infer<typeof zTdsReportRow>;

export const zTdsReport = z.object({
  rows: z.array(zTdsReportRow),
  totals_by_section: z.array(
    z.object({ section: zTdsSection, base: z.number(), tds_amount: z.number() }),
  ),
});
export type TdsReport = z.infer<typeof zTdsReport>;
