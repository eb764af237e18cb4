import { z } from 'zod';
import { TDS_SECTION_CODES } from '../tds.js';
import { zMultiline } from '../text.js';
import { zBusinessDate, zId, zListQuery, zPositiveRupees } from './common.js';

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

export const TDS_SOURCES = [
  'delivery',
  'service_booking',
  'ra_bill',
  'payment',
  'wage_sheet',
] as const;

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
  /** Per section and month of the period: what was deducted, deposited, and its status. */
  deposits: z.array(
    z.object({
      section: zTdsSection,
      month: z.string(),
      tds_amount: z.number(),
      deposited: z.number(),
      /** The deductor's (every site of the TAN) TDS of the whole month, and its challans. */
      deductor_tds_amount: z.number(),
      deductor_deposited: z.number(),
      due_date: z.string(),
      status: z.enum(['deposited', 'due', 'overdue']),
    }),
  ),
});
export type TdsReport = z.infer<typeof zTdsReport>;

/** A month of credits, YYYY-MM. */
export const zTdsMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the month as YYYY-MM');

const challanFields = {
  section: zTdsSection,
  month: zTdsMonth,
  /** The bank branch's BSR code: 7 digits. */
  bsr_code: z
    .string()
    .trim()
    .regex(/^\d{7}$/, 'BSR code: 7 digits'),
  /** The challan's serial number: 1 to 5 digits. */
  challan_serial: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'Challan serial: up to 5 digits'),
  deposit_date: zBusinessDate,
  amount: zPositiveRupees,
  /** The account it was paid from (debited); absent: recorded only. */
  account: zId.optional().nullable(),
  notes: zMultiline(2000).optional().nullable(),
};

/** POST …/tds_challans */
export const zTdsChallanCreate = z.object(challanFields);
export type TdsChallanCreate = z.infer<typeof zTdsChallanCreate>;
export const zTdsChallanUpdate = z.object(challanFields).partial();
export type TdsChallanUpdate = z.infer<typeof zTdsChallanUpdate>;

export const zTdsChallan = z.object({
  id: z.string(),
  site: z.string(),
  section: zTdsSection,
  month: z.string(),
  bsr_code: z.string(),
  challan_serial: z.string(),
  deposit_date: z.string(),
  amount: z.number(),
  account: z.string().nullable(),
  notes: z.string().nullable(),
  /** The 7th of the next month (30 April for March): after it the deposit was late. */
  due_date: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type TdsChallan = z.infer<typeof zTdsChallan>;

export const zTdsChallanListQuery = zListQuery.extend({
  section: zTdsSection.optional(),
  month: zTdsMonth.optional(),
  account: zId.optional(),
});
export type TdsChallanListQuery = z.infer<typeof zTdsChallanListQuery>;

export const TDS_DEPOSIT_STATUSES = ['deposited', 'due', 'overdue'] as const;
/** Per section and month of credits: deducted, deposited, when it is due, and where it stands. */
export const zTdsDeposit = z.object({
  section: zTdsSection,
  month: z.string(),
  tds_amount: z.number(),
  deposited: z.number(),
  /** The deductor's (every site of the TAN) TDS of the whole month, and its challans. */
  deductor_tds_amount: z.number(),
  deductor_deposited: z.number(),
  due_date: z.string(),
  status: z.enum(TDS_DEPOSIT_STATUSES),
});
export type TdsDeposit = z.infer<typeof zTdsDeposit>;

/** A financial year's quarter, e.g. `2026-27-Q1` (April–June). */
export const zTdsQuarter = z
  .string()
  .regex(/^\d{4}-\d{2}-Q[1-4]$/, 'Use the quarter as 2026-27-Q1');

/** GET …/reports/tds-26q and …/reports/tds-certificates */
export const zTdsQuarterQuery = z.object({
  quarter: zTdsQuarter,
  format: z.enum(['json', 'csv']).optional(),
});
export type TdsQuarterQuery = z.infer<typeof zTdsQuarterQuery>;

/** Per deductee and section, a quarter's figures for the certificate (Form 16A). */
export const zTdsCertificates = z.object({
  tan: z.string().nullable(),
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  /** The sites the figures are over: the deductor's that the caller owns. */
  sites: z.array(z.object({ id: z.string(), name: z.string() })),
  deductees: z.array(
    z.object({
      pan: z.string().nullable(),
      name: z.string(),
      section: zTdsSection,
      amount_credited: z.number(),
      tds_deducted: z.number(),
      tds_deposited: z.number(),
      challans: z.array(
        z.object({
          bsr_code: z.string(),
          challan_serial: z.string(),
          deposit_date: z.string(),
          month: z.string(),
        }),
      ),
    }),
  ),
});
export type TdsCertificates = z.infer<typeof zTdsCertificates>;
