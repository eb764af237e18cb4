import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type RaBill, type RaBillListQuery } from '@siteledger/domain';
import { parseFileList } from '../../platform/files.js';
import type { Page } from '../../platform/list.js';
import { listShaped, shapeOne, type ShapeRows } from '../../platform/list-shaped.js';
import { listSpecOf } from '../../platform/list-spec.js';
import { apiFields } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import { tdsFields } from '../../platform/tds-shape.js';
import * as repo from './work-orders-repo.js';

/** RA bills as the API answers them, with their lines (one query per page). */
type Trx = Transaction<Database>;

export async function shapeBills(
  db: Trx | SiteScope['ctx']['db']['kysely'],
  rows: readonly repo.BillRow[],
): Promise<RaBill[]> {
  const lines = await repo.billLinesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    work_order: row.work_order,
    vendor: row.vendor,
    kind: row.kind,
    number: row.number,
    bill_date: row.bill_date,
    supplier_invoice_number: row.supplier_invoice_number,
    final: row.final === 1,
    notes: row.notes,
    ...apiFields('ra_bills', row, [
      'gross_amount',
      'gst_rate',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
      'retention_amount',
      'advance_recovery',
    ]),
    ...tdsFields('ra_bills', row),
    ...apiFields('ra_bills', row, ['net_payable', 'paid_amount']),
    payment_status: row.payment_status as RaBill['payment_status'],
    approved_at: row.approved_at,
    approved_by: row.approved_by,
    lines: lines
      .filter((l) => l.ra_bill === row.id)
      .map((l) => ({
        id: l.id,
        work_order_line: l.work_order_line,
        description: l.description,
        unit: l.unit,
        ...apiFields('ra_bill_lines', l, [
          'rate',
          'previous_quantity',
          'cumulative_quantity',
          'quantity',
          'amount',
        ]),
        photos: parseFileList(l.photos),
      })),
    created_by: row.created_by,
    created: row.created,
    updated: row.updated,
  }));
}

const shaper =
  (scope: SiteScope): ShapeRows<repo.BillRow, RaBill> =>
  (rows) =>
    shapeBills(scope.ctx.db.kysely, rows);

export async function getRaBill(scope: SiteScope, id: string): Promise<RaBill> {
  const row = await repo.findBill(scope.ctx.db.kysely, scope.siteId, id);
  return shapeOne(row, 'RA bill', shaper(scope), new Set());
}

const LIST = listSpecOf('ra_bills');

export function listRaBills(scope: SiteScope, query: RaBillListQuery): Promise<Page<RaBill>> {
  return listShaped(scope, repo.billsQuery(scope.ctx.db.kysely), LIST, query, shaper(scope));
}
