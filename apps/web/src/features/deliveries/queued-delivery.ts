import type { FieldErrors } from 'react-hook-form';
import { todayIso } from '../../components/ui/date-field';
import { readBody, type QueueEntry } from '../../lib/offline-queue';
import { emptyLine, type CreateDeliveryInput } from './delivery-form';
import { poRefOfId } from './delivery-from-po';

/** The create form's starting values: blank, or a queued delivery's body ("Edit and retry"). */
export function deliveryDefaults(queued: QueueEntry | null): CreateDeliveryInput {
  if (!queued) {
    return {
      vendor: '',
      delivery_date: todayIso(),
      delivery_reference: '',
      supplier_invoice_number: '',
      supplier_invoice_date: '',
      // Filled with the site's state once the site list is at hand (delivery-info-fields.tsx).
      place_of_supply: '',
      reverse_charge: false,
      notes: '',
      tax_amount: undefined,
      round_off: undefined,
      lines: [emptyLine()],
    };
  }
  const body = readBody(queued.body);
  const lines = body.list('delivery_items').map((line) => ({
    item: line.text('item'),
    quantity: line.num('quantity'),
    unit_price: line.num('unit_price'),
    // null on the wire is no GST; an older body without the field had none either.
    gst_rate: line.num('gst_rate') ?? null,
    notes: line.text('notes'),
    po: poRefOfId(line.text('item'), line.text('purchase_order_line')),
  }));
  return {
    vendor: body.text('vendor'),
    delivery_date: body.text('delivery_date') || todayIso(),
    delivery_reference: body.text('delivery_reference'),
    supplier_invoice_number: body.text('supplier_invoice_number'),
    supplier_invoice_date: body.text('supplier_invoice_date'),
    place_of_supply: body.text('place_of_supply'),
    reverse_charge: (queued.body as { reverse_charge?: unknown } | null)?.reverse_charge === true,
    notes: body.text('notes'),
    tax_amount: body.num('tax_amount') || undefined,
    round_off: body.num('round_off') || undefined,
    lines: lines.length > 0 ? lines : [emptyLine()],
  };
}

type ErrorTree = { [key: string]: ErrorTree | { type: string; message: string } };

/**
 * [path, message] pairs (`lines.0.item`) as the nested errors react-hook-form takes in its
 * `errors` option; undefined when there are none (so the option changes nothing).
 */
export function formErrors(
  pairs: readonly [string, string][],
): FieldErrors<CreateDeliveryInput> | undefined {
  if (pairs.length === 0) return undefined;
  const root: ErrorTree = {};
  for (const [path, message] of pairs) {
    const parts = path.split('.');
    let node = root;
    parts.slice(0, -1).forEach((part) => {
      node[part] ??= {};
      node = node[part] as ErrorTree;
    });
    node[parts[parts.length - 1] as string] = { type: 'server', message };
  }
  return root as FieldErrors<CreateDeliveryInput>;
}
