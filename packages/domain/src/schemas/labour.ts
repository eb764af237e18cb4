import { z } from 'zod';
import { ATTENDANCE_FRACTIONS, MAX_OT_MILLI, OT_STEP_MILLI } from '../labour.js';
import { hasAtMostDecimals, toMilli } from '../money.js';
import { zLine, zMultiline } from '../text.js';
import { zBusinessDate, zDate, zId, zListQuery, zPositiveRupees } from './common.js';
import { zTdsFigures } from './tds.js';

/** API.md "Labour". Statuses of a wage sheet: made, approved by an owner, paid (or billed). */
export const WAGE_SHEET_STATUSES = ['draft', 'approved', 'paid'] as const;
export type WageSheetStatus = (typeof WAGE_SHEET_STATUSES)[number];
export const WAGE_SHEET_PAYMENT_STATUSES = ['pending', 'partial', 'paid'] as const;

/** Most people one muster (one POST) may mark. */
export const MAX_ATTENDANCE_ENTRIES = 500;

const optionalText = (max: number) => zLine(max).optional().nullable();

const workerFields = {
  name: zLine(120).min(1, 'Name is required'),
  /** Mason, helper, carpenter, bar bender… free text, as sites name them. */
  trade: zLine(60).min(1, 'Trade is required'),
  daily_wage: zPositiveRupees,
  /** Hours of a full day (default 8): an hour of overtime is the day's wage ÷ these. */
  normal_hours: z
    .number()
    .finite()
    .min(1)
    .max(24)
    .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals')
    .optional(),
  phone: optionalText(40),
  /** The vendor whose gang this is (a labour contractor); null: paid by the site. */
  labour_contractor: zId.optional().nullable(),
  /**
   * A gang a contractor does not name: marked by headcount (how many came); null: one person.
   */
  headcount: z.number().int().min(1).max(1000).optional().nullable(),
  /** Left the site: kept for the books, off the muster. */
  active: z.boolean().optional(),
  notes: zMultiline(1000).optional().nullable(),
};

export const zWorkerCreate = z.object(workerFields);
export type WorkerCreate = z.infer<typeof zWorkerCreate>;
export const zWorkerUpdate = z.object(workerFields).partial();
export type WorkerUpdate = z.infer<typeof zWorkerUpdate>;

export const zWorker = z.object({
  id: z.string(),
  site: z.string(),
  name: z.string(),
  trade: z.string(),
  daily_wage: z.number(),
  normal_hours: z.number(),
  phone: z.string().nullable(),
  labour_contractor: z.string().nullable(),
  headcount: z.number().nullable(),
  active: z.boolean(),
  notes: z.string().nullable(),
  photos: z.array(z.string()),
  /** Advances given on this site not yet deducted by a wage sheet. */
  advance_balance: z.number(),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Worker = z.infer<typeof zWorker>;

export const zWorkerListQuery = zListQuery.extend({
  trade: z.string().max(60).optional(),
  labour_contractor: zId.optional(),
  /** "true": only who is on the muster; "false": only who left. */
  active: z.enum(['true', 'false']).optional(),
});
export type WorkerListQuery = z.infer<typeof zWorkerListQuery>;

export const zAttendanceFraction = z
  .number()
  .refine(
    (v) => (ATTENDANCE_FRACTIONS as readonly number[]).includes(v),
    'Use 0, 0.25, 0.5, 0.75 or 1',
  );

export const zOtHours = z
  .number()
  .finite()
  .min(0)
  .max(MAX_OT_MILLI / 1000, 'At most 12 hours')
  .refine((v) => toMilli(v) % OT_STEP_MILLI === 0, 'Overtime is in quarter hours');

export const zAttendanceEntry = z.object({
  worker: zId,
  fraction: zAttendanceFraction,
  ot_hours: zOtHours.optional(),
  /** A gang's people present (default the gang's headcount); not sent for a person. */
  headcount: z.number().int().min(0).max(1000).optional(),
});
export type AttendanceEntry = z.infer<typeof zAttendanceEntry>;

/** POST …/attendance: a day's muster; each entry replaces that worker's on this site and date. */
export const zAttendanceCreate = z.object({
  date: zBusinessDate,
  entries: z
    .array(zAttendanceEntry)
    .min(1, 'Mark at least one person')
    .max(MAX_ATTENDANCE_ENTRIES)
    .refine(
      (entries) => new Set(entries.map((e) => e.worker)).size === entries.length,
      'A worker is marked once per day',
    ),
});
export type AttendanceCreate = z.infer<typeof zAttendanceCreate>;

export const zAttendance = z.object({
  id: z.string(),
  site: z.string(),
  worker: z.string(),
  /** The worker's own site (another site's for a worker lent to this one). */
  worker_site: z.string(),
  worker_name: z.string(),
  trade: z.string(),
  date: z.string(),
  fraction: z.number(),
  ot_hours: z.number(),
  headcount: z.number().nullable(),
  /** fraction × headcount (1 for a person). */
  man_days: z.number(),
  /** The wage sheet that counted it (then it cannot change). */
  wage_sheet: z.string().nullable(),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Attendance = z.infer<typeof zAttendance>;

export const zAttendanceReply = z.object({ items: z.array(zAttendance) });
export type AttendanceReply = z.infer<typeof zAttendanceReply>;

export const zAttendanceQuery = zListQuery.extend({
  worker: zId.optional(),
  date: zDate.optional(),
});
export type AttendanceQuery = z.infer<typeof zAttendanceQuery>;

/** GET …/attendance/muster?date=: the day's muster on a phone, one row per person. */
export const zMusterRow = z.object({
  worker: z.string(),
  worker_site: z.string(),
  name: z.string(),
  trade: z.string(),
  headcount: z.number().nullable(),
  labour_contractor: z.string().nullable(),
  /** This date's mark on this site; null: not marked yet. */
  fraction: z.number().nullable(),
  ot_hours: z.number(),
  marked_headcount: z.number().nullable(),
  /** The last earlier mark on this site within a week ("same as yesterday"). */
  previous: z
    .object({
      date: z.string(),
      fraction: z.number(),
      ot_hours: z.number(),
      headcount: z.number().nullable(),
    })
    .nullable(),
  /** Marked on other sites this date (a person works one day in all). */
  elsewhere: z.number(),
  locked: z.boolean(),
});
export const zMuster = z.object({
  date: z.string(),
  rows: z.array(zMusterRow),
  totals: z.object({ marked: z.number(), present: z.number(), man_days: z.number() }),
});
export type Muster = z.infer<typeof zMuster>;
export type MusterRow = z.infer<typeof zMusterRow>;
export const zMusterQuery = z.object({ date: zBusinessDate });

/** Workers of the caller's other sites that may be lent to this one. */
export const zLendableWorker = z.object({
  id: z.string(),
  name: z.string(),
  trade: z.string(),
  site: z.string(),
  site_name: z.string(),
});
export const zLendableWorkers = z.object({ items: z.array(zLendableWorker) });

export const zWorkerAdvanceCreate = z.object({
  worker: zId,
  amount: zPositiveRupees,
  advance_date: zBusinessDate,
  account: zId,
  notes: zMultiline(1000).optional().nullable(),
});
export type WorkerAdvanceCreate = z.infer<typeof zWorkerAdvanceCreate>;
export const zWorkerAdvanceUpdate = z.object({
  notes: zMultiline(1000).optional().nullable(),
});
export const zWorkerAdvance = z.object({
  id: z.string(),
  site: z.string(),
  worker: z.string(),
  worker_name: z.string(),
  amount: z.number(),
  advance_date: z.string(),
  account: z.string(),
  notes: z.string().nullable(),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type WorkerAdvance = z.infer<typeof zWorkerAdvance>;
export const zWorkerAdvanceListQuery = zListQuery.extend({ worker: zId.optional() });

export const zWageSheetCreate = z
  .object({
    from: zBusinessDate,
    to: zBusinessDate,
    /** The sheet of one contractor's gang (a bill of that vendor); absent: the site's own workers. */
    labour_contractor: zId.optional().nullable(),
    notes: zMultiline(1000).optional().nullable(),
    /** API.md "Budgets": the budget line the wages are spent on (a line of head labour). */
    budget_line: zId.optional().nullable(),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The period ends before it starts' });
export type WageSheetCreate = z.infer<typeof zWageSheetCreate>;
export const zWageSheetUpdate = z.object({ notes: zMultiline(1000).optional().nullable() });

export const zWageSheetPay = z.object({ account: zId, payment_date: zBusinessDate });
export type WageSheetPay = z.infer<typeof zWageSheetPay>;

const sheetFigures = {
  man_days: z.number(),
  ot_hours: z.number(),
  wages: z.number(),
  ot_amount: z.number(),
  gross: z.number(),
  advances: z.number(),
  net: z.number(),
};

export const zWageSheetLine = z.object({
  id: z.string(),
  worker: z.string(),
  name: z.string(),
  trade: z.string(),
  daily_wage: z.number(),
  normal_hours: z.number(),
  ...sheetFigures,
});
export type WageSheetLine = z.infer<typeof zWageSheetLine>;

export const zWageSheet = z.object({
  id: z.string(),
  site: z.string(),
  number: z.string(),
  from: z.string(),
  to: z.string(),
  labour_contractor: z.string().nullable(),
  status: z.enum(WAGE_SHEET_STATUSES),
  ot_multiplier: z.number(),
  ...sheetFigures,
  /** A contractor's sheet: the TDS and what it owes (net − TDS), allocated by payments. */
  ...zTdsFigures,
  owed: z.number(),
  paid_amount: z.number(),
  payment_status: z.enum(WAGE_SHEET_PAYMENT_STATUSES),
  account: z.string().nullable(),
  payment_date: z.string().nullable(),
  notes: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  budget_line: z.string().nullable(),
  lines: z.array(zWageSheetLine),
  totals: z.object(sheetFigures),
  created_by: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type WageSheet = z.infer<typeof zWageSheet>;
export const zWageSheetListQuery = zListQuery.extend({
  status: z.string().max(100).optional(),
  labour_contractor: zId.optional(),
});
export type WageSheetListQuery = z.infer<typeof zWageSheetListQuery>;
