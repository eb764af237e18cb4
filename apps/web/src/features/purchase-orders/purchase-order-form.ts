/**
 * The purchase order form's shape: validated with the domain's `zPurchaseOrderCreate` (the
 * server's own schema), its defaults from an order or a material request, and the request body.
 * Live figures are paise (`lineTotalPaise`), never sums of rupee floats.
 */
import {
  lineTotalPaise,
  pendingQuantity,
  toMilli,
  toPaise,
  zBusinessDate,
  zPlannedDate,
  zPurchaseOrderCreate,
  type MaterialRequest,
  type PurchaseOrder,
  type PurchaseOrderCreate,
  type Quotation,
} from '@siteledger/domain';
import { z } from 'zod';
import { todayIso } from '../../components/ui/date-field';
import { formSchema } from '../../lib/form-schema';

/** A line as the form holds it (`id`: a saved line, kept by a PATCH). */
export interface PoLineInput {
  id?: string | undefined;
  item: string;
  quantity: number | undefined;
  unit_price: number | undefined;
  gst_rate: number | null;
  material_request_item?: string | null | undefined;
  /** Already received against the line: the quantity may not go below it (not sent). */
  received?: number | undefined;
  /** The budget line it commits (issue 45); none: the server picks the line of its item. */
  budget_line?: string | null | undefined;
}

export const emptyPoLine = (): PoLineInput => ({
  item: '',
  quantity: undefined,
  unit_price: undefined,
  gst_rate: null,
});

// Text boxes hold '' for none; the expected date too.
const schema = formSchema(
  zPurchaseOrderCreate.extend({
    order_date: zBusinessDate,
    expected_date: z.union([z.literal(''), zPlannedDate]),
    terms: z.string().pipe(zPurchaseOrderCreate.shape.terms.unwrap().unwrap()),
    notes: z.string().pipe(zPurchaseOrderCreate.shape.notes.unwrap().unwrap()),
  }),
  {
    vendor: 'purchaseOrders.validation.vendorRequired',
    item: 'purchaseOrders.validation.itemRequired',
    lines: { too_small: 'purchaseOrders.validation.linesRequired' },
    order_date: 'purchaseOrders.validation.date',
    expected_date: 'purchaseOrders.validation.date',
  },
);
export type PoFormValues = z.output<typeof schema>;

/** The form's values while typed (numbers stay undefined until entered). */
export interface PoFormInput {
  vendor: string;
  order_date: string;
  expected_date: string;
  terms: string;
  notes: string;
  lines: PoLineInput[];
}

// `formSchema` takes any input (it reports what is missing): the form's own shape is its input.
export const poFormSchema = schema as unknown as z.ZodType<PoFormValues, PoFormInput>;

/** The form's fields: a 400 answer's message for one of them shows under it. */
export const PO_FIELDS = [
  'vendor',
  'order_date',
  'expected_date',
  'terms',
  'notes',
  'lines',
] as const;

/** A saved line's budget line, when the server's answer carries one. */
function savedBudgetLine(line: object): string | null {
  return 'budget_line' in line && typeof line.budget_line === 'string' ? line.budget_line : null;
}

/**
 * What the form starts with: the order being edited, or a request's open lines, or a quotation's
 * vendor, item and rate, or one blank line.
 */
export function poDefaults(
  order: PurchaseOrder | null,
  prefill: PoPrefill | null,
): PoFormInput & { material_request: string | null; quotation: string | null } {
  if (order) {
    return {
      vendor: order.vendor,
      material_request: order.material_request,
      quotation: order.quotation,
      order_date: order.order_date,
      expected_date: order.expected_date ?? '',
      terms: order.terms ?? '',
      notes: order.notes ?? '',
      lines: order.lines.map((line) => ({
        id: line.id,
        item: line.item,
        quantity: line.quantity,
        unit_price: line.unit_price,
        gst_rate: line.gst_rate,
        material_request_item: line.material_request_item,
        received: line.received_quantity,
        budget_line: savedBudgetLine(line),
      })),
    };
  }
  return {
    vendor: prefill?.vendor ?? '',
    material_request: prefill?.requestId ?? null,
    quotation: prefill?.quotationId ?? null,
    order_date: todayIso(),
    expected_date: '',
    terms: '',
    notes: '',
    lines: prefill?.lines.length ? prefill.lines : [emptyPoLine()],
  };
}

export interface PoPrefill {
  /** The material request the order is raised against (`?fromRequest=`). */
  requestId: string | null;
  /** The quotation the order follows (`?fromQuotation=`): its vendor, item and rate. */
  quotationId?: string | null;
  vendor?: string;
  lines: PoLineInput[];
}

/**
 * A request's lines still to order: quantity − ordered, lines already covered left out, each at
 * its item's GST rate (as a line picked by hand); the vendor and the prices are the person's.
 */
export function prefillFromRequest(request: MaterialRequest): PoPrefill {
  const lines = request.items.flatMap((line) => {
    const open = pendingQuantity({
      quantity: line.quantity,
      received_quantity: line.ordered_quantity,
    });
    return open > 0
      ? [
          {
            item: line.item,
            quantity: open,
            unit_price: undefined,
            gst_rate: line.gst_rate,
            material_request_item: line.id,
          },
        ]
      : [];
  });
  return { requestId: request.id, lines };
}

/**
 * An item quotation's vendor and one line: its item, its minimum quantity (else 1) at its rate.
 * A service quotation has no item: null.
 */
export function prefillFromQuotation(quotation: Quotation): PoPrefill | null {
  if (quotation.quotation_type !== 'item' || !quotation.item) return null;
  return {
    requestId: null,
    quotationId: quotation.id,
    vendor: quotation.vendor,
    lines: [
      {
        item: quotation.item,
        quantity: quotation.minimum_quantity ?? 1,
        unit_price: quotation.unit_price,
        gst_rate: null,
      },
    ],
  };
}

/** The body of a create (a PATCH sends the same fields but the request and the quotation). */
export function poBody(
  values: PoFormValues,
  materialRequest: string | null,
  quotation: string | null = null,
): PurchaseOrderCreate {
  return {
    vendor: values.vendor,
    ...(materialRequest ? { material_request: materialRequest } : {}),
    ...(quotation ? { quotation } : {}),
    order_date: values.order_date,
    expected_date: values.expected_date || null,
    terms: values.terms || null,
    notes: values.notes || null,
    lines: values.lines.map((line) => ({
      ...(line.id ? { id: line.id } : {}),
      item: line.item,
      quantity: line.quantity,
      unit_price: line.unit_price,
      gst_rate: line.gst_rate ?? null,
      material_request_item: line.material_request_item ?? null,
      // Sent only when chosen: absent lets the server count the line on its item's budget line.
      ...(line.budget_line ? { budget_line: line.budget_line } : {}),
    })),
  };
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** quantity × rate rounded to the paisa (the taxable value), or null while either is missing. */
export function poLinePaise(quantity: unknown, unitPrice: unknown): number | null {
  if (!isAmount(quantity) || !isAmount(unitPrice)) return null;
  return lineTotalPaise(toMilli(quantity), toPaise(unitPrice));
}
