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
  zDate,
  zPurchaseOrderCreate,
  type MaterialRequest,
  type PurchaseOrder,
  type PurchaseOrderCreate,
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
    order_date: zDate,
    expected_date: z.union([z.literal(''), zDate]),
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

/** What the form starts with: the order being edited, or a request's open lines, or one blank. */
export function poDefaults(
  order: PurchaseOrder | null,
  prefill: PoPrefill | null,
): PoFormInput & { material_request: string | null } {
  if (order) {
    return {
      vendor: order.vendor,
      material_request: order.material_request,
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
      })),
    };
  }
  return {
    vendor: '',
    material_request: prefill?.requestId ?? null,
    order_date: todayIso(),
    expected_date: '',
    terms: '',
    notes: '',
    lines: prefill?.lines.length ? prefill.lines : [emptyPoLine()],
  };
}

export interface PoPrefill {
  requestId: string;
  lines: PoLineInput[];
}

/**
 * A request's lines still to order: quantity − ordered, lines already covered left out; the
 * vendor and the rates are the person's to choose.
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
            gst_rate: null,
            material_request_item: line.id,
          },
        ]
      : [];
  });
  return { requestId: request.id, lines };
}

/** The body of a create (a PATCH sends the same fields but the request). */
export function poBody(values: PoFormValues, materialRequest: string | null): PurchaseOrderCreate {
  return {
    vendor: values.vendor,
    ...(materialRequest ? { material_request: materialRequest } : {}),
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
