/**
 * The "Spent" form's schema, starting values and request body (issue 46). A GST bill is the
 * supplier's GSTIN and the rate together (the server refuses one without the other); a budget
 * line gives the expense its own head, so the head sent is the line's.
 */
import {
  BUDGET_HEADS,
  isGstRate,
  parseGstin,
  toPaise,
  type BudgetHead,
  type PettyExpenseCreate,
} from '@siteledger/domain';
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import { dateSchema, todayIso } from '../../components/ui/date-field';
import { moneySchema } from '../../components/ui/money-field';
import { readBody, type QueueEntry } from '../../lib/offline-queue';

export const PETTY_FIELDS = [
  'imprest',
  'expense_date',
  'amount',
  'description',
  'head',
  'budget_line',
  'vendor_gstin',
  'gst_rate',
] as const;

export const pettyExpenseSchema = z
  .object({
    imprest: z.string().min(1, 'petty.form.chooseImprest'),
    expense_date: dateSchema(),
    amount: moneySchema({ positive: true }),
    description: z.string().trim().min(1, 'petty.form.sayWhatFor').max(300),
    head: z.enum(BUDGET_HEADS),
    budget_line: z.string(),
    gst_bill: z.boolean(),
    vendor_gstin: z.string(),
    gst_rate: z.number().nullable(),
  })
  .superRefine((values, issues) => {
    if (!values.gst_bill) return;
    if (!parseGstin(values.vendor_gstin).ok)
      issues.addIssue({
        code: 'custom',
        path: ['vendor_gstin'],
        message: 'petty.form.gstinInvalid',
      });
    if (values.gst_rate === null || !isGstRate(values.gst_rate))
      issues.addIssue({ code: 'custom', path: ['gst_rate'], message: 'petty.form.chooseRate' });
  });

export type PettyExpenseInput = z.input<typeof pettyExpenseSchema>;
export type PettyExpenseValues = z.output<typeof pettyExpenseSchema>;

const isHead = (value: string): value is BudgetHead =>
  (BUDGET_HEADS as readonly string[]).includes(value);

/** Blank, on the person's imprest when he holds one (`imprest`), or a queued entry's body. */
export function pettyExpenseDefaults(
  imprest: string,
  queued: QueueEntry | null = null,
): DefaultValues<PettyExpenseInput> {
  if (!queued) {
    return {
      imprest,
      expense_date: todayIso(),
      amount: undefined,
      description: '',
      head: 'other',
      budget_line: '',
      gst_bill: false,
      vendor_gstin: '',
      gst_rate: null,
    };
  }
  const body = readBody(queued.body);
  const head = body.text('head');
  const gstin = body.text('vendor_gstin');
  return {
    imprest: body.text('imprest') || imprest,
    expense_date: body.text('expense_date') || todayIso(),
    amount: body.num('amount'),
    description: body.text('description'),
    head: isHead(head) ? head : 'other',
    budget_line: body.text('budget_line'),
    gst_bill: gstin !== '',
    vendor_gstin: gstin,
    gst_rate: body.num('gst_rate') ?? null,
  };
}

/**
 * The site's photo amount (rupees) when the amount typed is above it and no photo of the bill is
 * attached yet: the form says a photo is needed (the server keeps such an expense waiting until
 * it has one). Null: nothing to say (no amount yet, no photo amount set, or a photo is there).
 */
export function photoNeededAbove(
  amount: unknown,
  photoAbove: number | null | undefined,
  photoCount: number,
): number | null {
  if (photoAbove === null || photoAbove === undefined || photoCount > 0) return null;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  return toPaise(amount) > toPaise(photoAbove) ? photoAbove : null;
}

/** POST …/petty_expenses: the GSTIN and rate both or neither; no line, no `budget_line`. */
export function pettyExpenseBody(values: PettyExpenseValues): PettyExpenseCreate {
  const gst =
    values.gst_bill && isGstRate(values.gst_rate)
      ? { vendor_gstin: values.vendor_gstin.trim().toUpperCase(), gst_rate: values.gst_rate }
      : {};
  return {
    imprest: values.imprest,
    // dateSchema's type allows an optional date; this one is required.
    expense_date: values.expense_date ?? todayIso(),
    amount: values.amount,
    description: values.description.trim(),
    head: values.head,
    ...(values.budget_line ? { budget_line: values.budget_line } : {}),
    ...gst,
  };
}
