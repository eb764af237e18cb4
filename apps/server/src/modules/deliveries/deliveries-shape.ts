import {
  type Delivery,
  type DeliveryItem,
  type RefDelivery,
  type RefItem,
  type RefOrderLine,
  type RefVendor,
} from '@siteledger/domain';
import { parseFileList } from '../../platform/files.js';
import { apiFields } from '../../platform/record-shape.js';
import { refsIf } from '../../platform/expand-refs.js';
import { groupBy } from '../../platform/group-rows.js';
import * as repo from './deliveries-repo.js';
import { overridesForApi } from './tax-overrides.js';
import type { Executor } from '../../db/executor.js';
import { linesWithOrder } from '../../db/receipt-links.js';
import { recordedTaxOf } from '../../platform/recorded-tax.js';
import { vendorRefs } from '../../db/site-refs.js';
import { deliveryItcReason, siteItc, type SiteItc } from './itc-warning.js';
import { tdsFields } from '../../platform/tds-shape.js';

export function toDeliveryItem(
  row: repo.DeliveryItemRow,
  expand?: {
    item?: RefItem | undefined;
    delivery?: RefDelivery | undefined;
    purchase_order_line?: RefOrderLine | undefined;
  },
): DeliveryItem {
  const shown = Object.fromEntries(Object.entries(expand ?? {}).filter(([, value]) => value));
  const expanded = Object.keys(shown).length > 0 ? { expand: shown } : {};
  return {
    id: row.id,
    site: row.site_id,
    delivery: row.delivery,
    item: row.item,
    ...apiFields('delivery_items', row, [
      'quantity',
      'unit_price',
      'total_amount',
      'gst_rate',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
    ]),
    purchase_order_line: row.purchase_order_line,
    notes: row.notes,
    created: row.created,
    updated: row.updated,
    ...expanded,
  };
}

export function toDelivery(
  row: repo.DeliveryRow,
  lines: DeliveryItem[] | undefined,
  vendor: RefVendor | undefined,
  site?: SiteItc,
): Delivery {
  return {
    id: row.id,
    site: row.site_id,
    vendor: row.vendor,
    delivery_date: row.delivery_date,
    delivery_reference: row.delivery_reference,
    supplier_invoice_number: row.supplier_invoice_number,
    supplier_invoice_date: row.supplier_invoice_date,
    place_of_supply: row.place_of_supply,
    ...recordedTaxOf(row),
    reverse_charge: row.reverse_charge === 1,
    notes: row.notes,
    photos: parseFileList(row.photos),
    ...apiFields('deliveries', row, [
      'items_total',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
      'tax_amount',
    ]),
    tax_overrides: overridesForApi(row.tax_overrides),
    ...apiFields('deliveries', row, ['round_off', 'total_amount']),
    ...tdsFields('deliveries', row),
    ...apiFields('deliveries', row, ['paid_amount']),
    payment_status: row.payment_status,
    itc_ineligible_reason: deliveryItcReason(site, row),
    ...(lines ? { delivery_items: lines } : {}),
    created: row.created,
    updated: row.updated,
    ...(vendor ? { expand: { vendor } } : {}),
  };
}

/**
 * Shapes lines, inlining `expand.item` / `expand.delivery` with one query per relation for the
 * whole set (never one per line).
 */
export async function shapeLines(
  db: Executor,
  siteId: string,
  rows: repo.DeliveryItemRow[],
  expand: { item: boolean; delivery: boolean; orderLine?: boolean },
): Promise<DeliveryItem[]> {
  const orderLines = await refsIf(expand.orderLine === true, () =>
    orderLineRefs(
      db,
      siteId,
      rows.map((r) => r.purchase_order_line),
    ),
  );
  const items = await refsIf(expand.item, () =>
    repo.itemRefs(
      db,
      siteId,
      rows.map((r) => r.item),
    ),
  );
  const deliveries = await refsIf(expand.delivery, () =>
    repo.deliveryRefs(
      db,
      siteId,
      rows.map((r) => r.delivery),
    ),
  );
  return rows.map((row) =>
    toDeliveryItem(row, {
      item: items?.get(row.item),
      delivery: deliveries?.get(row.delivery),
      purchase_order_line: row.purchase_order_line
        ? orderLines?.get(row.purchase_order_line)
        : undefined,
    }),
  );
}

/**
 * Shapes deliveries: `withLines` adds their lines (one query for all of them), `expand` may name
 * vendor and delivery_items.item (one more query each).
 */
export async function shapeDeliveries(
  db: Executor,
  siteId: string,
  rows: repo.DeliveryRow[],
  withLines: boolean,
  expand: Set<string>,
): Promise<Delivery[]> {
  const vendors = await refsIf(expand.has('vendor'), () =>
    vendorRefs(
      db,
      siteId,
      rows.map((r) => r.vendor),
    ),
  );
  const site = await siteItc(db, siteId);
  let linesByDelivery = new Map<string, DeliveryItem[]>();
  if (withLines) {
    const lineRows = await repo.linesOf(
      db,
      siteId,
      rows.map((r) => r.id),
    );
    const shaped = await shapeLines(db, siteId, lineRows, {
      item: expand.has('delivery_items.item'),
      delivery: false,
      orderLine: expand.has('delivery_items.purchase_order_line'),
    });
    linesByDelivery = groupBy(shaped, (line) => line.delivery);
  }
  return rows.map((row) =>
    toDelivery(
      row,
      withLines ? (linesByDelivery.get(row.id) ?? []) : undefined,
      vendors?.get(row.vendor),
      site,
    ),
  );
}

/** The PO lines named by delivery lines, with their order's number (one query for the set). */
async function orderLineRefs(
  db: Executor,
  siteId: string,
  ids: readonly (string | null)[],
): Promise<RefOrderLine[]> {
  const rows = await linesWithOrder(
    db,
    siteId,
    ids.filter((id): id is string => !!id),
  );
  return rows.map((r) => ({
    id: r.id,
    purchase_order: r.purchase_order,
    purchase_order_number: r.number,
    ...apiFields('purchase_order_lines', r, ['quantity', 'unit_price', 'received_quantity']),
  }));
}
