import { purchaseOrderMay } from '@siteledger/domain';
import type { Executor } from './executor.js';
import { AppError } from '../platform/errors.js';

/*
 * A delivery line's reference to a purchase order line, checked before the line is written (like
 * a vendor reference, `site-refs.ts`). Receiving itself — re-summing what the PO lines received —
 * is the purchasing module's subscriber to `delivery.changed` (platform/tx-events.ts).
 */

/**
 * Lines by id with their order's vendor, status and number: what a delivery line is checked
 * against, and what a delivery shows of the PO lines it names (deliveries-shape.ts).
 */
export function linesWithOrder(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('purchase_orders as o', 'o.id', 'l.purchase_order')
    .select([
      'l.id',
      'l.item',
      'l.quantity',
      'l.unit_price',
      'l.received_quantity',
      'l.receipt_tolerance',
      'l.purchase_order',
      'o.vendor',
      'o.status',
      'o.number',
    ])
    .where('l.site_id', '=', siteId)
    .where('l.id', 'in', [...new Set(ids)])
    .execute();
}

/** A delivery line that names a PO line (API.md "Material requests and purchase orders"). */
export interface ReceiptLink {
  /** The field a refusal names, e.g. `delivery_items.2.purchase_order_line`. */
  field: string;
  item: string;
  purchase_order_line: string;
}

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'invalid_reference', message } });
}

/**
 * Checks what delivery lines name before they are written: a PO line of the site, of an issued
 * PO (400 PO_NOT_ISSUED), of the delivery's vendor and for the same item (400 on the line).
 */
export async function checkReceiptLinks(
  db: Executor,
  siteId: string,
  vendor: string,
  links: readonly ReceiptLink[],
): Promise<void> {
  if (links.length === 0) return;
  const found = new Map(
    (
      await linesWithOrder(
        db,
        siteId,
        links.map((l) => l.purchase_order_line),
      )
    ).map((l) => [l.id, l]),
  );
  for (const link of links) {
    const line = found.get(link.purchase_order_line);
    if (!line) throw invalid(link.field, 'Unknown purchase order line');
    if (line.vendor !== vendor)
      throw invalid(link.field, 'The purchase order is of another vendor');
    if (line.item !== link.item)
      throw invalid(link.field, 'The purchase order line is for another item');
    if (!purchaseOrderMay('receive', line.status)) {
      throw new AppError('PO_NOT_ISSUED', { status: line.status });
    }
  }
}
