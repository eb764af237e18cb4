/**
 * The work order form's shape: validated with the domain's `zWorkOrderCreate` (the server's own
 * schema), its defaults from an order, and the request body. Live figures are paise.
 */
import {
  lineTotalPaise,
  toMilli,
  toPaise,
  zBusinessDate,
  zTdsSection,
  zWorkOrderCreate,
  type WorkOrder,
  type WorkOrderCreate,
} from '@siteledger/domain';
import { z } from 'zod';
import { todayIso } from '../../components/ui/date-field';
import { formSchema } from '../../lib/form-schema';

export interface WoLineInput {
  id?: string | undefined;
  description: string;
  unit: string;
  quantity: number | undefined;
  rate: number | undefined;
  /** The budget line it commits (issue 45). */
  budget_line?: string | null | undefined;
}

/** '' keeps the vendor's own section (the server's default); 'none' is outside TDS. */
export type WoTdsChoice = '' | 'none' | z.infer<typeof zTdsSection>;

export interface WoFormInput {
  vendor: string;
  title: string;
  order_date: string;
  retention_percent: number | undefined;
  retention_due_days: number | undefined;
  advance_amount: number | undefined;
  advance_recovery_percent: number | undefined;
  gst_rate: number | null;
  tds_section: WoTdsChoice;
  terms: string;
  notes: string;
  lines: WoLineInput[];
}

export const emptyWoLine = (): WoLineInput => ({
  description: '',
  unit: '',
  quantity: undefined,
  rate: undefined,
});

const schema = formSchema(
  zWorkOrderCreate.extend({
    order_date: zBusinessDate,
    tds_section: z.union([z.literal(''), z.literal('none'), zTdsSection]),
    terms: z.string().pipe(zWorkOrderCreate.shape.terms.unwrap().unwrap()),
    notes: z.string().pipe(zWorkOrderCreate.shape.notes.unwrap().unwrap()),
  }),
  {
    vendor: 'workOrders.validation.vendorRequired',
    title: 'workOrders.validation.titleRequired',
    description: 'workOrders.validation.descriptionRequired',
    unit: 'workOrders.validation.unitRequired',
    lines: { too_small: 'workOrders.validation.linesRequired' },
    order_date: 'workOrders.validation.date',
  },
);
export type WoFormValues = z.output<typeof schema>;

// `formSchema` takes any input (it reports what is missing): the form's own shape is its input.
export const woFormSchema = schema as unknown as z.ZodType<WoFormValues, WoFormInput>;

/** The form's fields: a 400 answer's message for one of them shows under it. */
export const WO_FIELDS = [
  'vendor',
  'title',
  'order_date',
  'retention_percent',
  'retention_due_days',
  'advance_amount',
  'advance_recovery_percent',
  'gst_rate',
  'tds_section',
  'terms',
  'notes',
  'lines',
] as const;

export function woDefaults(order: WorkOrder | null): WoFormInput {
  if (order) {
    return {
      vendor: order.vendor,
      title: order.title,
      order_date: order.order_date,
      retention_percent: order.retention_percent,
      retention_due_days: order.retention_due_days,
      advance_amount: order.advance_amount,
      advance_recovery_percent: order.advance_recovery_percent,
      gst_rate: order.gst_rate,
      tds_section: order.tds_section ?? 'none',
      terms: order.terms ?? '',
      notes: order.notes ?? '',
      lines: order.lines.map((line) => ({
        id: line.id,
        description: line.description,
        unit: line.unit,
        quantity: line.quantity,
        rate: line.rate,
        budget_line: savedBudgetLine(line),
      })),
    };
  }
  return {
    vendor: '',
    title: '',
    order_date: todayIso(),
    retention_percent: 5,
    retention_due_days: 365,
    advance_amount: 0,
    advance_recovery_percent: 0,
    gst_rate: null,
    tds_section: '',
    terms: '',
    notes: '',
    lines: [emptyWoLine()],
  };
}

/** A saved line's budget line, when the server's answer carries one. */
function savedBudgetLine(line: object): string | null {
  return 'budget_line' in line && typeof line.budget_line === 'string' ? line.budget_line : null;
}

/** The body of a create or a draft's PATCH. */
export function woBody(values: WoFormValues): WorkOrderCreate {
  const tds = values.tds_section;
  return {
    vendor: values.vendor,
    title: values.title,
    order_date: values.order_date,
    ...(values.retention_percent !== undefined
      ? { retention_percent: values.retention_percent }
      : {}),
    ...(values.retention_due_days !== undefined
      ? { retention_due_days: values.retention_due_days }
      : {}),
    ...(values.advance_amount !== undefined ? { advance_amount: values.advance_amount } : {}),
    ...(values.advance_recovery_percent !== undefined
      ? { advance_recovery_percent: values.advance_recovery_percent }
      : {}),
    gst_rate: values.gst_rate ?? null,
    ...(tds === '' ? {} : { tds_section: tds === 'none' ? null : tds }),
    terms: values.terms || null,
    notes: values.notes || null,
    lines: values.lines.map((line) => ({
      ...(line.id ? { id: line.id } : {}),
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      rate: line.rate,
      // Sent only when chosen: absent lets the server count the line on its item's budget line.
      ...(line.budget_line ? { budget_line: line.budget_line } : {}),
    })),
  };
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** quantity × rate rounded to the paisa, or 0 while either is missing. */
export function woLinePaise(quantity: unknown, rate: unknown): number {
  if (!isAmount(quantity) || !isAmount(rate)) return 0;
  return lineTotalPaise(toMilli(quantity), toPaise(rate));
}

/** Σ of the lines typed so far (paise). */
export function woTotalPaise(lines: readonly Partial<WoLineInput>[] | undefined): number {
  return (lines ?? []).reduce((sum, line) => sum + woLinePaise(line.quantity, line.rate), 0);
}
