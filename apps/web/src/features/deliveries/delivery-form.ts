/**
 * Form shapes, client-side checks and live-preview arithmetic for deliveries. Every amount shown as
 * a preview is computed in integer paise (toMilli/toPaise/lineTotalPaise), never by adding rupee
 * floats; the saved record always shows the server's totals.
 */
import {
  lineTotalPaise,
  toMilli,
  toPaise,
  zDeliveryCreate,
  zDeliveryLineCreate,
  zGstRate,
  isStateCode,
  type Delivery,
} from '@siteledger/domain';
import { z } from 'zod';
import { isIsoDate } from '../../components/ui/date-field';
import { moneySchema } from '../../components/ui/money-field';
import { quantitySchema } from '../../components/ui/quantity-field';
import { isItemised } from '../../components/gst/gst-figures';
import { isApiError } from '../../lib/api-client';
import { formText } from '../../lib/form-schema';

/**
 * The purchase-order line a delivery line is received against, with what the PO says of it (to
 * show "ordered · pending" and a rate that differs). `ordered` is null when only the id is known
 * (a queued delivery opened again).
 */
const poLineRef = z.object({
  line: z.string(),
  item: z.string(),
  number: z.string().nullable(),
  ordered: z.number().nullable(),
  pending: z.number().nullable(),
  unit_price: z.number().nullable(),
});
export type PoLineRef = z.infer<typeof poLineRef>;

/** A line as the form holds it; `lineId` is set for a line that already exists on the server. */
export interface LineInput {
  lineId?: string | undefined;
  item: string;
  quantity: number | undefined;
  unit_price: number | undefined;
  /** Percent, or null: no GST on the line. A picked item brings its default rate. */
  gst_rate?: number | null | undefined;
  notes: string;
  /** Received against a purchase order line (new deliveries only). */
  po?: PoLineRef | undefined;
}

export const emptyLine = (): LineInput => ({
  item: '',
  quantity: undefined,
  unit_price: undefined,
  gst_rate: null,
  notes: '',
});

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** quantity × unit price rounded to the paisa, or null while either is missing or invalid. */
export function linePaise(quantity: unknown, unitPrice: unknown): number | null {
  if (!isAmount(quantity) || !isAmount(unitPrice) || quantity <= 0 || unitPrice <= 0) return null;
  return lineTotalPaise(toMilli(quantity), toPaise(unitPrice));
}

/** Σ line totals in paise (lines still being typed count as 0). */
export function itemsPaise(lines: readonly Partial<LineInput>[] | undefined): number {
  return (lines ?? []).reduce(
    (sum, line) => sum + (linePaise(line.quantity, line.unit_price) ?? 0),
    0,
  );
}

/** Rupees of an optional amount field in paise (empty or invalid → 0). */
export const amountPaise = (value: unknown): number => (isAmount(value) ? toPaise(value) : 0);

/** The round-off (in paise) that brings a total to the nearest whole rupee. */
export function roundOffToRupee(subtotalPaise: number): number {
  return Math.round(subtotalPaise / 100) * 100 - subtotalPaise;
}

const lineSchema = z
  .object({
    lineId: z.string().optional(),
    item: z.string().min(1, 'deliveries.validation.itemRequired'),
    quantity: quantitySchema(),
    unit_price: moneySchema({ positive: true }),
    gst_rate: zGstRate.nullable().optional(),
    notes: formText(zDeliveryLineCreate.shape.notes),
    po: poLineRef.optional(),
  })
  .refine((line) => (linePaise(line.quantity, line.unit_price) ?? 0) > 0, {
    path: ['unit_price'],
    message: 'deliveries.validation.lineTotalZero',
  });

export const linesSchema = z.array(lineSchema).min(1, 'deliveries.validation.atLeastOneLine');

/** A required business date (the kit's dateSchema, typed as a plain string). */
export const requiredDate = () =>
  z
    .string()
    .refine((v) => v !== '', 'validation.required')
    .refine((v) => v === '' || isIsoDate(v), 'kit.validation.date');

/** An optional date: '' for none. */
const optionalDate = () =>
  z.string().refine((v) => v === '' || isIsoDate(v), 'kit.validation.date');

const headerFields = {
  vendor: z.string().min(1, 'deliveries.validation.vendorRequired'),
  delivery_date: requiredDate(),
  delivery_reference: formText(zDeliveryCreate.shape.delivery_reference),
  supplier_invoice_number: formText(zDeliveryCreate.shape.supplier_invoice_number),
  supplier_invoice_date: optionalDate(),
  /** A GST state code, or '' (the server then takes the site's state). */
  place_of_supply: z.string().refine((v) => v === '' || isStateCode(v), 'gst.validation.state'),
  /** Reverse charge (issue 40 item 10): the site pays the tax; absent in older drafts: off. */
  reverse_charge: z.boolean().optional(),
  /** A new bill of a TDS vendor bought outside TDS (material from a contractor). */
  outside_tds: z.boolean().optional(),
  notes: formText(zDeliveryCreate.shape.notes),
};

const adjustmentFields = {
  tax_amount: moneySchema().optional(),
  round_off: moneySchema({ allowNegative: true }).optional(),
};

const totalMessage = {
  path: ['round_off'],
  message: 'deliveries.validation.totalPositive',
};

/**
 * The three-step create form. A bill with GST rates on its lines has no typed tax (the server
 * computes it, never below 0), so only the items and the round-off are checked then.
 */
export const createDeliverySchema = z
  .object({ ...headerFields, ...adjustmentFields, lines: linesSchema })
  .refine(
    (v) =>
      itemsPaise(v.lines) +
        (isItemised(v.lines) ? 0 : amountPaise(v.tax_amount)) +
        amountPaise(v.round_off) >
      0,
    totalMessage,
  );
/** What the form holds while typing (amounts stay undefined until entered). */
export interface AdjustmentInput {
  tax_amount?: number | undefined;
  round_off?: number | undefined;
}
export interface HeaderInput extends AdjustmentInput {
  vendor: string;
  delivery_date: string;
  delivery_reference: string;
  supplier_invoice_number: string;
  supplier_invoice_date: string;
  place_of_supply: string;
  reverse_charge?: boolean | undefined;
  outside_tds?: boolean | undefined;
  notes: string;
}
export interface CreateDeliveryInput extends HeaderInput {
  lines: LineInput[];
}
export type CreateDeliveryValues = z.output<typeof createDeliverySchema>;

/** Fields checked before leaving each step of the create form. */
export const STEP_FIELDS = [
  [
    'vendor',
    'delivery_date',
    'delivery_reference',
    'supplier_invoice_number',
    'supplier_invoice_date',
    'place_of_supply',
    'reverse_charge',
    'outside_tds',
    'notes',
  ],
  ['lines', 'tax_amount', 'round_off'],
  [],
] as const;

/**
 * The header edit form (PATCH): the lines stay as they are, so their total is fixed; an itemised
 * bill's tax is the server's.
 */
export function headerSchema(itemsTotalPaise: number, itemised = false) {
  return z
    .object({ ...headerFields, ...adjustmentFields })
    .refine(
      (v) =>
        itemsTotalPaise + (itemised ? 0 : amountPaise(v.tax_amount)) + amountPaise(v.round_off) > 0,
      totalMessage,
    );
}
export type HeaderValues = z.output<ReturnType<typeof headerSchema>>;

/** The lines editor (batch): tax and round-off stay as saved. */
export function linesFormSchema(adjustPaise: number) {
  return z.object({ lines: linesSchema }).refine((v) => itemsPaise(v.lines) + adjustPaise > 0, {
    path: ['lines'],
    message: 'deliveries.validation.totalPositive',
  });
}
export interface LinesFormInput {
  lines: LineInput[];
}
export type LinesFormValues = z.output<ReturnType<typeof linesFormSchema>>;

/** A saved line as the lines editor starts it. */
export function lineFromDelivery(line: NonNullable<Delivery['delivery_items']>[number]): LineInput {
  return {
    lineId: line.id,
    item: line.item,
    quantity: line.quantity,
    unit_price: line.unit_price,
    gst_rate: line.gst_rate,
    notes: line.notes ?? '',
  };
}

/** The header fields of a new or edited bill as the API takes them ('' → null). */
export function invoiceBody(values: {
  supplier_invoice_number: string;
  supplier_invoice_date: string;
  place_of_supply: string;
  reverse_charge?: boolean | undefined;
}) {
  return {
    supplier_invoice_number: blankToNull(values.supplier_invoice_number),
    supplier_invoice_date: values.supplier_invoice_date || null,
    place_of_supply: isStateCode(values.place_of_supply) ? values.place_of_supply : null,
    reverse_charge: values.reverse_charge ?? false,
  };
}

/** Optional text → null when blank (the API stores null). */
export const blankToNull = (value: string): string | null => value.trim() || null;

/**
 * VALIDATION_FAILED `data` → [form path, message] pairs. Line fields of a delivery come as
 * `delivery_items.1.item`; the form holds them under `lines.1.item`. A line total the server
 * refuses is shown under the line's unit price.
 */
export function serverFieldErrors(
  data: Record<string, unknown>,
  linePrefix = 'delivery_items.',
): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, entry] of Object.entries(data)) {
    if (typeof entry !== 'object' || entry === null || !('message' in entry)) continue;
    const message = (entry as { message: unknown }).message;
    if (typeof message !== 'string' || !message) continue;
    let path = key;
    if (key.startsWith(linePrefix)) path = `lines.${key.slice(linePrefix.length)}`;
    path = path.replace(/\.total_amount$/, '.unit_price');
    out.push([path, message]);
  }
  return out;
}

/** The field errors of a 400 VALIDATION_FAILED, or [] for any other error. */
export function validationErrors(error: unknown): [string, string][] {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return [];
  return serverFieldErrors(error.data);
}
