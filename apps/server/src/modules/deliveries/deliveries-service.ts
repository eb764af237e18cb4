import {
  deliveryPaymentStatus,
  rateToStored,
  toPaise,
  type Delivery,
  type DeliveryCreate,
  type DeliveryListQuery,
  type DeliveryUpdate,
  type Released,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId, nowIso } from '../../db/ids.js';
import { billName } from '../../db/bill-name.js';
import { parseFileList } from '../../platform/files.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Page } from '../../platform/list.js';
import { listShaped, shapeOne, type ShapeRows } from '../../platform/list-shaped.js';
import { listSpecOf } from '../../platform/list-spec.js';
import { createOnce } from '../../platform/create-once.js';
import { expandSet } from '../../platform/route-params.js';
import * as repo from './deliveries-repo.js';
import { checkOverrides, settleOverrides, settleStoredOverrides } from './tax-overrides.js';
import { shapeDeliveries, toDelivery, toDeliveryItem } from './deliveries-shape.js';
import { deliveryTotals, lineAmounts } from './totals.js';
import { auditStart } from '../../platform/audit.js';
import { checkVendorRef } from '../../db/site-refs.js';
import {
  lineHeads,
  manualTax,
  NO_TAX,
  refuseTaxOnItemised,
  retaxLines,
  taxFromLines,
} from './gst-lines.js';
import { removeOnce } from '../../platform/remove-once.js';
import type { SiteScope } from '../../platform/scope.js';
import { ratesOnDate } from '../catalog/gst-rate-periods.js';
import { checkReceiptLinks, type ReceiptLink } from '../../db/receipt-links.js';
import { publishDeliveryChanged } from './delivery-events.js';
import { settleTxEvents } from '../../platform/tx-events.js';
import { refuseTypedTax } from './typed-tax.js';
import { siteItc } from './itc-warning.js';
import {
  NOT_RECORDED,
  recordedPlace,
  recordNew,
  recordVendor,
} from '../../platform/recorded-tax.js';
import { checkSupplierInvoiceUnique, DELIVERY_INVOICES } from '../../db/supplier-invoices.js';
import { creditSection, NO_TDS, tdsOf } from '../../db/tds-columns.js';

/** The lines that name a PO line, with the field a refusal names. */
function receiptLinks(lines: readonly repo.DeliveryItemRow[]): ReceiptLink[] {
  return lines.flatMap((line, i) =>
    line.purchase_order_line
      ? [
          {
            field: `delivery_items.${i}.purchase_order_line`,
            item: line.item,
            purchase_order_line: line.purchase_order_line,
          },
        ]
      : [],
  );
}

/** What identifies a supplier invoice (issue 40 item 7a). */
const INVOICE_KEYS = [
  'vendor',
  'supplier_invoice_number',
  'supplier_invoice_date',
  'delivery_date',
] as const;

function unknownReference(field: string, what: string): Record<string, unknown> {
  return { [field]: { code: 'invalid_reference', message: `Unknown ${what}` } };
}

/** A list reads lines only when its expand asks for them; one delivery always has them. */
const shaper =
  (scope: SiteScope, withLines: boolean): ShapeRows<repo.DeliveryRow, Delivery> =>
  (rows, expand) =>
    shapeDeliveries(scope.ctx.db.kysely, scope.siteId, rows, withLines, expand);

export async function getDelivery(
  scope: SiteScope,
  id: string,
  expand: Set<string> = new Set(),
): Promise<Delivery> {
  const row = await repo.findDelivery(scope.ctx.db.kysely, scope.siteId, id);
  return shapeOne(row, 'Delivery', shaper(scope, true), expand);
}

/**
 * GST on a new bill (API.md "GST"): when any line has a rate, each line is split by the vendor's
 * state against the place of supply, and the bill's heads and tax_amount are the lines' sums.
 */
async function taxTheBill(
  trx: Transaction<Database>,
  siteId: string,
  input: DeliveryCreate,
  row: repo.DeliveryRow,
  lines: repo.DeliveryItemRow[],
): Promise<void> {
  if (lines.every((line) => line.gst_rate === null)) {
    if (input.tax_overrides?.length) checkOverrides(input.tax_overrides, new Map());
    return;
  }
  if (input.tax_amount !== undefined) throw refuseTaxOnItemised();
  // The vendor as recorded on the bill (issue 40), read just before in the same transaction.
  const rcm = row.reverse_charge === 1;
  const place = await recordedPlace(trx, siteId, row, input.place_of_supply, rcm);
  lines.forEach((line, i) => {
    Object.assign(
      line,
      lineHeads(line.total_amount, line.gst_rate, place, `delivery_items.${i}.gst_rate`),
    );
  });
  const over = settleOverrides(
    lines,
    {
      count: lines.length,
      total: row.items_total,
      rated: lines.filter((line) => line.gst_rate !== null).length,
      cgst: lines.reduce((sum, line) => sum + line.cgst_amount, 0),
      sgst: lines.reduce((sum, line) => sum + line.sgst_amount, 0),
      igst: lines.reduce((sum, line) => sum + line.igst_amount, 0),
    },
    null,
    input.tax_overrides ?? null,
  );
  row.tax_overrides = over.text;
  const tax = taxFromLines(over.figures, 0);
  Object.assign(row, {
    place_of_supply: place.placeOfSupply,
    cgst_amount: tax.cgst_amount,
    sgst_amount: tax.sgst_amount,
    igst_amount: tax.igst_amount,
    ...deliveryTotals(row.items_total, tax.tax_amount, row.round_off, 0, rcm),
  });
}

/** A delivery and all of its lines in one transaction; every total is computed here. */
export async function createDelivery(
  scope: SiteScope,
  input: DeliveryCreate,
  idempotencyKey: string | null = null,
): Promise<Delivery> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  // Ascending ids keep the lines in the order they were entered (they share `created`).
  const lineIds = input.delivery_items.map(() => newId()).sort();
  const lines: repo.DeliveryItemRow[] = input.delivery_items.map((line, i) => ({
    id: lineIds[i]!,
    site_id: siteId,
    delivery: id,
    item: line.item,
    ...lineAmounts(line.quantity, line.unit_price, `delivery_items.${i}.total_amount`),
    // Absent: the item's default rate, filled in below once the items are read.
    gst_rate: line.gst_rate == null ? null : rateToStored(line.gst_rate),
    ...NO_TAX,
    purchase_order_line: line.purchase_order_line ?? null,
    notes: line.notes || null,
    created_by: userId,
    created: now,
    updated: now,
  }));
  const itemsTotal = lines.reduce((sum, line) => sum + line.total_amount, 0);
  const row: repo.DeliveryRow = {
    ...NO_TDS,
    id,
    site_id: siteId,
    vendor: input.vendor,
    delivery_date: input.delivery_date,
    delivery_reference: input.delivery_reference || null,
    supplier_invoice_number: input.supplier_invoice_number || null,
    supplier_invoice_date: input.supplier_invoice_date || null,
    place_of_supply: input.place_of_supply || null,
    reverse_charge: input.reverse_charge ? 1 : 0,
    bill_name: billName(
      input.supplier_invoice_number || input.delivery_reference,
      input.delivery_date,
      id,
    ),
    notes: input.notes || null,
    photos: '[]',
    ...NOT_RECORDED,
    ...NO_TAX,
    tax_overrides: null,
    ...deliveryTotals(
      itemsTotal,
      toPaise(input.tax_amount ?? 0),
      toPaise(input.round_off ?? 0),
      0,
      input.reverse_charge === true,
    ),
    paid_amount: 0,
    created_by: userId,
    created: now,
    updated: now,
  };
  const prior = await createOnce(
    scope,
    'deliveries',
    idempotencyKey,
    id,
    async (trx) => {
      await checkVendorRef(trx, siteId, input.vendor);
      // The supplier and the site's input-tax mode as they are now, kept with the bill (issue 40).
      Object.assign(row, await recordNew(trx, siteId, input.vendor));
      row.tds_section = await creditSection(trx, siteId, input.vendor, input.tds_section);
      await checkSupplierInvoiceUnique(trx, DELIVERY_INVOICES, {
        siteId,
        vendor: row.vendor,
        number: row.supplier_invoice_number,
        invoiceDate: row.supplier_invoice_date,
        businessDate: row.delivery_date,
        gstin: row.vendor_gstin,
      });
      // Each item's default rate in force on the delivery's date (issue 40 item 9).
      const rates = await ratesOnDate(
        trx,
        siteId,
        'item',
        await repo.itemRates(
          trx,
          siteId,
          lines.map((l) => l.item),
        ),
        input.delivery_date,
      );
      const badLines: Record<string, unknown> = {};
      lines.forEach((line, i) => {
        if (!rates.has(line.item))
          Object.assign(badLines, unknownReference(`delivery_items.${i}.item`, 'item'));
        else if (input.delivery_items[i]!.gst_rate === undefined)
          line.gst_rate = rates.get(line.item)!;
      });
      if (Object.keys(badLines).length > 0) throw new AppError('VALIDATION_FAILED', badLines);
      await checkReceiptLinks(trx, siteId, input.vendor, receiptLinks(lines));
      // Under reverse charge the site owes the tax, so any vendor's bill may carry it.
      if (row.reverse_charge !== 1) {
        await refuseTypedTax(trx, siteId, input.vendor, toPaise(input.tax_amount ?? 0));
      }
      await taxTheBill(trx, siteId, input, row, lines);
      await repo.insertDelivery(trx, row);
      await repo.insertDeliveryItems(trx, lines);
      // What a delivery sets off (platform/tx-events.ts): PO receipts (over-receipt refused),
      // advances set aside for those orders paying it as it arrives, its stock movements. The reply
      // below is built from `row`, so it carries what the advances paid.
      const links = receiptLinks(lines).map((l) => l.purchase_order_line);
      const event = publishDeliveryChanged(trx, scope, row, now, {
        created: true,
        orderLines: links,
        receivedLines: links,
      });
      await settleTxEvents(trx);
      // The reply is built from `row`: the TDS the subscriber computed, and what it then owes.
      if (row.tds_section !== null) Object.assign(row, await tdsOf(trx, 'deliveries', id));
      row.paid_amount = event.delivery.paid_amount;
      row.payment_status = deliveryPaymentStatus(
        row.total_amount - row.tds_amount,
        row.paid_amount,
      );
      return {
        ...row,
        lines: lines.map(({ item, quantity, unit_price, total_amount }) => ({
          item,
          quantity,
          unit_price,
          total_amount,
        })),
      };
    },
    'deliveries',
  );
  if (prior) return getDelivery(scope, prior);
  // Answered from what was written (the same shape GET reads back: lines in the order sent).
  return toDelivery(
    row,
    lines.map((line) => toDeliveryItem(line)),
    undefined,
    await siteItc(ctx.db.kysely, siteId),
  );
}

/** Header fields; the totals and the payment status are recomputed from the lines. */
export async function updateDelivery(
  scope: SiteScope,
  id: string,
  input: DeliveryUpdate,
): Promise<Delivery> {
  const { ctx, siteId } = scope;
  let released: Released[] = [];
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockDelivery(trx, siteId, id);
    if (!row) throw notFound('Delivery');
    const changes: Partial<repo.DeliveryRow> = { updated: nowIso() };
    if (input.vendor !== undefined && input.vendor !== row.vendor) {
      await checkVendorRef(trx, siteId, input.vendor);
      // Payments and returns belong to the old vendor: moving the bill would break both ledgers.
      if (row.paid_amount > 0 || (await repo.deliveryIsReferenced(trx, id))) {
        throw new AppError('DELIVERY_HAS_PAYMENTS', { variant: 'vendor' });
      }
      // Goods received against the old vendor's purchase order stay that vendor's.
      if ((await repo.orderLinesOfDeliveryLines(trx, { delivery: id })).length > 0) {
        throw new AppError('VALIDATION_FAILED', {
          vendor: {
            code: 'invalid_reference',
            message: "Lines are received against this vendor's purchase order",
          },
        });
      }
      changes.vendor = input.vendor;
    }
    // TDS (API.md "TDS"): the section named, or on a new vendor that vendor's.
    if (input.tds_section !== undefined || changes.vendor !== undefined) {
      changes.tds_section = await creditSection(
        trx,
        siteId,
        changes.vendor ?? row.vendor,
        input.tds_section,
      );
    }
    if (input.delivery_date !== undefined) changes.delivery_date = input.delivery_date;
    if (input.delivery_reference !== undefined)
      changes.delivery_reference = input.delivery_reference || null;
    if (input.supplier_invoice_number !== undefined)
      changes.supplier_invoice_number = input.supplier_invoice_number || null;
    if (input.supplier_invoice_date !== undefined)
      changes.supplier_invoice_date = input.supplier_invoice_date || null;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    // Only a change of what identifies the invoice is judged (an old duplicate stays editable).
    const next = { ...row, ...changes };
    if (INVOICE_KEYS.some((key) => key in changes)) {
      await checkSupplierInvoiceUnique(trx, DELIVERY_INVOICES, {
        siteId,
        vendor: next.vendor,
        number: next.supplier_invoice_number,
        invoiceDate: next.supplier_invoice_date,
        businessDate: next.delivery_date,
        exceptId: id,
        ...(changes.vendor === undefined ? { gstin: row.vendor_gstin } : {}),
      });
    }
    const audit = await auditStart(trx, { entity: 'deliveries', siteId, id, action: 'update' });
    // A new vendor or place of supply can turn CGST+SGST into IGST (or back): split again.
    const placeChanges =
      input.place_of_supply !== undefined &&
      (input.place_of_supply || null) !== row.place_of_supply;
    // Turning reverse charge on or off decides again who may charge the lines' tax.
    const rcm = input.reverse_charge ?? row.reverse_charge === 1;
    if (rcm !== (row.reverse_charge === 1)) changes.reverse_charge = rcm ? 1 : 0;
    if (changes.vendor !== undefined || placeChanges || changes.reverse_charge !== undefined) {
      // Only a new vendor or place of supply records the vendor again, as it is now (issue 40);
      // the mode stays. Turning reverse charge on or off keeps the invoice's supplier.
      if (changes.vendor !== undefined || placeChanges) {
        Object.assign(changes, await recordVendor(trx, siteId, changes.vendor ?? row.vendor));
      }
      const place = await recordedPlace(
        trx,
        siteId,
        { ...row, ...changes },
        placeChanges ? input.place_of_supply : row.place_of_supply,
        rcm,
      );
      await retaxLines(trx, siteId, id, place);
      if (placeChanges) changes.place_of_supply = input.place_of_supply || null;
    }
    const lineFigures = await repo.lineFigures(trx, siteId, id);
    if (lineFigures.rated > 0 && input.tax_amount !== undefined) throw refuseTaxOnItemised();
    const over = await settleStoredOverrides(
      trx,
      siteId,
      id,
      lineFigures,
      row.tax_overrides,
      input.tax_overrides,
    );
    changes.tax_overrides = over.text;
    const figures = over.figures;
    const tax = taxFromLines(
      figures,
      input.tax_amount !== undefined ? toPaise(input.tax_amount) : manualTax(row),
    );
    // A typed tax sent anew, or kept while the vendor changes, must be one the vendor may charge.
    if (
      !rcm &&
      !tax.itemised &&
      (changes.vendor !== undefined || tax.tax_amount !== manualTax(row))
    ) {
      await refuseTypedTax(trx, siteId, changes.vendor ?? row.vendor, tax.tax_amount);
    }
    const totals = deliveryTotals(
      figures.total,
      tax.tax_amount,
      input.round_off !== undefined ? toPaise(input.round_off) : row.round_off,
      row.paid_amount,
      rcm,
    );
    Object.assign(changes, {
      cgst_amount: tax.cgst_amount,
      sgst_amount: tax.sgst_amount,
      igst_amount: tax.igst_amount,
    });
    Object.assign(changes, totals, {
      payment_status: deliveryPaymentStatus(totals.total_amount - row.tds_amount, row.paid_amount),
    });
    await repo.updateDelivery(trx, siteId, id, changes);
    // A total below what was paid is refused or released; a new date or re-split GST moves the
    // delivery's stock movements with it.
    const event = publishDeliveryChanged(trx, scope, { ...row, ...changes }, changes.updated!, {
      release: input.release_overpayment === true,
      before: row,
    });
    await settleTxEvents(trx);
    released = event.released;
    await audit.finish();
  });
  const delivery = await getDelivery(scope, id);
  return released.length > 0 ? { ...delivery, released } : delivery;
}

/**
 * Lines first, then the delivery (spec part 4), in one transaction: a failure of either step
 * rolls both back and answers with the spec's code.
 */
export async function deleteDelivery(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  const photos = await removeOnce(scope, 'deliveries', id, {
    noun: 'Delivery',
    lock: repo.lockDelivery,
    check: async (trx, row) => {
      if (row.paid_amount > 0 || (await repo.deliveryIsReferenced(trx, id))) {
        throw new AppError('DELIVERY_HAS_PAYMENTS');
      }
    },
    remove: async (trx, row) => {
      const orderLines = await repo.orderLinesOfDeliveryLines(trx, { delivery: id });
      const itemsBefore = await repo.itemsOfDelivery(trx, id);
      try {
        await repo.deleteLinesOf(trx, siteId, id);
      } catch (error) {
        ctx.logger.error({ err: error, delivery: id }, 'deleting delivery lines failed');
        throw new AppError('DELIVERY_ITEMS_DELETE_FAILED');
      }
      try {
        await repo.deleteDelivery(trx, siteId, id);
      } catch (error) {
        ctx.logger.error({ err: error, delivery: id }, 'deleting delivery failed');
        throw new AppError('DELIVERY_DELETE_FAILED');
      }
      // What was received against purchase orders goes back to pending; the stock leaves; credit
      // notes no longer name it as their original invoice.
      publishDeliveryChanged(trx, scope, row, nowIso(), {
        deleted: true,
        orderLines,
        itemsBefore,
      });
      await settleTxEvents(trx);
      return parseFileList(row.photos);
    },
    planResource: 'deliveries',
  });
  // Photos leave the disk only once the delivery is gone for good.
  await ctx.files.removeMany(siteId, photos);
}

const LIST = listSpecOf('deliveries');

export async function listDeliveries(
  scope: SiteScope,
  query: DeliveryListQuery,
): Promise<Page<Delivery>> {
  const expand = expandSet(query.expand);
  const withLines = expand.has('delivery_items') || expand.has('delivery_items.item');
  return listShaped(
    scope,
    repo.deliveriesQuery(scope.ctx.db.kysely),
    LIST,
    query,
    shaper(scope, withLines),
  );
}
