import { sql, type Kysely } from 'kysely';
import { lineTotalPaise, orderedStatus, receiptLimit, receivedStatus } from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import type { Violation } from './check.js';

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const s = (value: unknown) => String(value ?? '');

async function rows(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(db)).rows as Row[];
}

/**
 * Purchase orders and material requests (issue 24): what was received against each PO line is
 * the sum of its delivery lines and within ordered + the tolerance it was received under; a PO's totals are the
 * sums of its lines and its status agrees with its quantities; a request line's ordered quantity
 * is the sum of the PO lines (not cancelled) raised against it.
 */
export async function purchasingChecks(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const push = (check: string, table: string, id: unknown, detail: string) =>
    out.push({ check, table, id: s(id), detail });

  for (const r of await rows(
    db,
    // Judged by the tolerance the line's receipts were taken under, not the site's of today.
    sql`select l.id, l.quantity, l.unit_price, l.total_amount, l.received_quantity,
          l.receipt_tolerance as tolerance,
          coalesce((select sum(d.quantity) from delivery_items d
            where d.purchase_order_line = l.id), 0) as delivered
        from purchase_order_lines l`,
  )) {
    if (n(r.received_quantity) !== n(r.delivered))
      push(
        'PO received',
        'purchase_order_lines',
        r.id,
        `received ${n(r.received_quantity)} ≠ ${n(r.delivered)} delivered`,
      );
    if (n(r.received_quantity) > receiptLimit(n(r.quantity), n(r.tolerance)))
      push(
        'PO over-receipt',
        'purchase_order_lines',
        r.id,
        `received ${n(r.received_quantity)} > ordered ${n(r.quantity)} + tolerance`,
      );
    if (n(r.total_amount) !== lineTotalPaise(n(r.quantity), n(r.unit_price)))
      push(
        'PO line total',
        'purchase_order_lines',
        r.id,
        `total ${n(r.total_amount)} ≠ quantity × price`,
      );
  }

  const lines = new Map<string, { quantity: number; received_quantity: number }[]>();
  for (const r of await rows(
    db,
    sql`select purchase_order, quantity, received_quantity from purchase_order_lines`,
  )) {
    const list = lines.get(s(r.purchase_order)) ?? [];
    list.push({ quantity: n(r.quantity), received_quantity: n(r.received_quantity) });
    lines.set(s(r.purchase_order), list);
  }
  for (const r of await rows(
    db,
    sql`select o.id, o.status, o.number, o.items_total, o.cgst_amount, o.sgst_amount,
          o.igst_amount, o.tax_amount, o.total_amount,
          coalesce(sum(l.total_amount), 0) as lines_total, coalesce(sum(l.cgst_amount), 0) as cgst,
          coalesce(sum(l.sgst_amount), 0) as sgst, coalesce(sum(l.igst_amount), 0) as igst
        from purchase_orders o left join purchase_order_lines l on l.purchase_order = o.id
        group by o.id, o.status, o.number, o.items_total, o.cgst_amount, o.sgst_amount,
          o.igst_amount, o.tax_amount, o.total_amount`,
  )) {
    const heads = n(r.cgst) + n(r.sgst) + n(r.igst);
    if (
      n(r.items_total) !== n(r.lines_total) ||
      n(r.cgst_amount) !== n(r.cgst) ||
      n(r.sgst_amount) !== n(r.sgst) ||
      n(r.igst_amount) !== n(r.igst) ||
      n(r.tax_amount) !== heads ||
      n(r.total_amount) !== n(r.lines_total) + heads
    )
      push('PO totals', 'purchase_orders', r.id, 'totals differ from the sums of its lines');
    const status = s(r.status) as Parameters<typeof receivedStatus>[0];
    const own = lines.get(s(r.id)) ?? [];
    if (receivedStatus(status, own) !== status)
      push('PO status', 'purchase_orders', r.id, `status ${status} disagrees with its quantities`);
    if ((status === 'draft' || status === 'cancelled') && own.some((l) => l.received_quantity > 0))
      push('PO status', 'purchase_orders', r.id, `goods received against a ${status} order`);
    // A draft has no number; every issued order has one (a draft cancelled never got one).
    const numbered = r.number !== null;
    if (status === 'draft' ? numbered : status !== 'cancelled' && !numbered)
      push(
        'PO number',
        'purchase_orders',
        r.id,
        `a ${status} order ${numbered ? 'with' : 'without'} a number`,
      );
  }

  for (const r of await rows(
    db,
    sql`select d.id from delivery_items d
          join purchase_order_lines l on l.id = d.purchase_order_line
          join purchase_orders o on o.id = l.purchase_order
          join deliveries v on v.id = d.delivery
        where o.vendor <> v.vendor or l.item <> d.item`,
  )) {
    push('PO receipt', 'delivery_items', r.id, 'received against another vendor’s order or item');
  }

  const requestLines = new Map<string, { quantity: number; ordered_quantity: number }[]>();
  for (const r of await rows(
    db,
    sql`select m.id, m.material_request, m.quantity, m.ordered_quantity,
          coalesce((select sum(l.quantity) from purchase_order_lines l
            join purchase_orders o on o.id = l.purchase_order
            where l.material_request_item = m.id and o.status <> 'cancelled'), 0) as ordered
        from material_request_items m`,
  )) {
    if (n(r.ordered_quantity) !== n(r.ordered))
      push(
        'request ordered',
        'material_request_items',
        r.id,
        `ordered ${n(r.ordered_quantity)} ≠ ${n(r.ordered)} on purchase orders`,
      );
    const list = requestLines.get(s(r.material_request)) ?? [];
    list.push({ quantity: n(r.quantity), ordered_quantity: n(r.ordered_quantity) });
    requestLines.set(s(r.material_request), list);
  }
  for (const r of await rows(db, sql`select id, status from material_requests`)) {
    const status = s(r.status) as Parameters<typeof orderedStatus>[0];
    if (orderedStatus(status, requestLines.get(s(r.id)) ?? []) !== status)
      push(
        'request status',
        'material_requests',
        r.id,
        `status ${status} disagrees with what is ordered`,
      );
  }
  return out;
}
