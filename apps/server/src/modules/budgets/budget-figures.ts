import { lineTotalPaise, OPEN_PURCHASE_ORDER_STATUSES } from '@siteledger/domain';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { BudgetLinesTable, Database } from '../../db/schema.js';

type Trx = Transaction<Database>;
type Line = Pick<BudgetLinesTable, 'id' | 'item' | 'created'>;

/** Returns that took goods back (API.md "Vendor returns": approved, completed, refunded). */
const COUNTED_RETURNS = ['approved', 'completed', 'refunded'] as const;
/** Orders whose lines were sent to the vendor (a draft or cancelled one orders nothing). */
const ORDERED = ['issued', 'partially_received', 'received', 'closed'];

export interface Figures {
  committed: number;
  actual: number;
  ordered: number;
  received: number;
  consumed: number;
  /** Open PO lines' unreceived quantity. */
  on_order: number;
}

const n = (value: unknown) => Number(value ?? 0);
const tax = (taxable: number, rate: number | null) =>
  rate === null ? 0 : Math.round((taxable * rate) / 10_000);

/** The site's lines; the line of an item is its earliest line with that item. */
export async function siteLines(db: Executor, siteId: string): Promise<Line[]> {
  return db
    .selectFrom('budget_lines')
    .select(['id', 'item', 'created'])
    .where('site_id', '=', siteId)
    .orderBy('created')
    .orderBy('id')
    .execute();
}

export function itemLines(lines: readonly Line[]): Map<string, string> {
  const byItem = new Map<string, string>();
  for (const line of lines) if (line.item && !byItem.has(line.item)) byItem.set(line.item, line.id);
  return byItem;
}

/**
 * A budget line's figures from their sources (API.md "Budgets"), in paise and thousandths. A PO
 * line counts on the line it names, else on the line of its item; a delivery line on its PO
 * line's, else on the line of its item (returns taken off); WO lines and the RA bills measuring
 * them, bookings and wage sheets on the line they name. GST is cost where the bill booked it so
 * (`input_tax_mode` "cost"). Only the sources of these lines are read (by item and by line id).
 */
export async function figuresOf(
  db: Executor,
  siteId: string,
  targets: readonly Line[],
  byItem: Map<string, string>,
): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>(
    targets.map((l) => [
      l.id,
      {
        committed: 0,
        actual: 0,
        ordered: 0,
        received: 0,
        consumed: 0,
        on_order: 0,
      },
    ]),
  );
  if (targets.length === 0) return out;
  const ids = targets.map((l) => l.id);
  const items = [...new Set(targets.flatMap((l) => (l.item ? [l.item] : [])))];
  const resolve = (named: string | null, item: string | null) =>
    named ?? (item ? (byItem.get(item) ?? null) : null);
  const add = (line: string | null, key: keyof Figures, value: number) => {
    const figures = line ? out.get(line) : undefined;
    if (figures) figures[key] += value;
  };
  const site = await db
    .selectFrom('sites')
    .select('input_tax_mode')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const siteCost = site.input_tax_mode === 'cost';

  const orderLines = await db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('purchase_orders as o', 'o.id', 'l.purchase_order')
    .select([
      'l.id',
      'l.item',
      'l.budget_line',
      'l.quantity',
      'l.received_quantity',
      'l.unit_price',
      'l.gst_rate',
      'o.status',
    ])
    .where('l.site_id', '=', siteId)
    .where((eb) =>
      eb.or([
        eb('l.budget_line', 'in', ids),
        ...(items.length > 0 ? [eb('l.item', 'in', items)] : []),
      ]),
    )
    .execute();
  const orderLineOf = new Map<string, string | null>();
  for (const l of orderLines) {
    const line = resolve(l.budget_line, l.item);
    orderLineOf.set(l.id, line);
    if (!ORDERED.includes(l.status)) continue;
    add(line, 'ordered', n(l.quantity));
    if ((OPEN_PURCHASE_ORDER_STATUSES as readonly string[]).includes(l.status)) {
      const open = Math.max(0, n(l.quantity) - n(l.received_quantity));
      add(line, 'on_order', open);
      const taxable = lineTotalPaise(open, n(l.unit_price));
      add(line, 'committed', taxable + (siteCost ? tax(taxable, l.gst_rate) : 0));
    }
  }

  const deliveryLines = await db
    .selectFrom('delivery_items as i')
    .innerJoin('deliveries as d', 'd.id', 'i.delivery')
    .leftJoin('purchase_order_lines as p', 'p.id', 'i.purchase_order_line')
    .select([
      'i.id',
      'i.item',
      'i.quantity',
      'i.total_amount',
      'i.gst_rate',
      'i.unit_price',
      'd.input_tax_mode',
      'p.budget_line as po_budget_line',
      'p.item as po_item',
    ])
    .where('i.site_id', '=', siteId)
    .where((eb) =>
      eb.or([
        ...(items.length > 0 ? [eb('i.item', 'in', items)] : []),
        eb('p.budget_line', 'in', ids),
      ]),
    )
    .execute();
  const deliveryLineOf = new Map<
    string,
    { line: string | null; cost: boolean; rate: number | null }
  >();
  for (const d of deliveryLines) {
    const line = d.po_budget_line ?? resolve(null, d.po_item ?? d.item);
    const cost = d.input_tax_mode === 'cost';
    deliveryLineOf.set(d.id, { line, cost, rate: d.gst_rate });
    add(line, 'received', n(d.quantity));
    add(line, 'actual', n(d.total_amount) + (cost ? tax(n(d.total_amount), d.gst_rate) : 0));
  }
  const returned = deliveryLineOf.size
    ? await db
        .selectFrom('vendor_return_items as r')
        .innerJoin('vendor_returns as v', 'v.id', 'r.vendor_return')
        .select(['r.delivery_item', 'r.quantity_returned', 'r.return_rate'])
        .where('r.delivery_item', 'in', [...deliveryLineOf.keys()])
        .where('v.status', 'in', COUNTED_RETURNS)
        .execute()
    : [];
  for (const r of returned) {
    const of = deliveryLineOf.get(r.delivery_item)!;
    const taxable = lineTotalPaise(n(r.quantity_returned), n(r.return_rate));
    add(of.line, 'received', -n(r.quantity_returned));
    add(of.line, 'actual', -(taxable + (of.cost ? tax(taxable, of.rate) : 0)));
  }

  if (items.length > 0) {
    const consumed = await db
      .selectFrom('stock_consumptions')
      .select(['item', sql<number>`sum(quantity)`.as('quantity')])
      .where('site_id', '=', siteId)
      .where('item', 'in', items)
      .groupBy('item')
      .execute();
    for (const c of consumed) add(byItem.get(c.item) ?? null, 'consumed', n(c.quantity));
  }

  const workLines = await db
    .selectFrom('work_order_lines as l')
    .innerJoin('work_orders as o', 'o.id', 'l.work_order')
    .select(['l.budget_line', 'l.quantity', 'l.billed_quantity', 'l.rate', 'o.status'])
    .where('l.budget_line', 'in', ids)
    .execute();
  for (const w of workLines) {
    if (w.status !== 'issued') continue;
    const open = Math.max(0, n(w.quantity) - n(w.billed_quantity));
    add(w.budget_line, 'committed', lineTotalPaise(open, n(w.rate)));
  }
  const billed = await db
    .selectFrom('ra_bill_lines as b')
    .innerJoin('work_order_lines as l', 'l.id', 'b.work_order_line')
    .innerJoin('ra_bills as r', 'r.id', 'b.ra_bill')
    .select(['l.budget_line', 'b.amount', 'r.gst_rate'])
    .where('l.budget_line', 'in', ids)
    .execute();
  for (const b of billed) {
    add(b.budget_line, 'actual', n(b.amount) + (siteCost ? tax(n(b.amount), b.gst_rate) : 0));
  }

  const bookings = await db
    .selectFrom('service_bookings')
    .select([
      'budget_line',
      'total_amount',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
      'input_tax_mode',
    ])
    .where('budget_line', 'in', ids)
    .where('status', '<>', 'cancelled')
    .execute();
  for (const b of bookings) {
    const gst = n(b.cgst_amount) + n(b.sgst_amount) + n(b.igst_amount);
    add(b.budget_line, 'actual', n(b.total_amount) + (b.input_tax_mode === 'cost' ? gst : 0));
  }
  const sheets = await db
    .selectFrom('wage_sheets')
    .select(['budget_line', 'gross'])
    .where('budget_line', 'in', ids)
    .execute();
  for (const s of sheets) add(s.budget_line, 'actual', n(s.gross));
  // Approved petty expenses (issue 46): their taxable value, with the GST where it is cost.
  const petty = await db
    .selectFrom('petty_expenses')
    .select([
      'budget_line',
      'taxable_amount',
      'cgst_amount',
      'sgst_amount',
      'igst_amount',
      'input_tax_mode',
    ])
    .where('budget_line', 'in', ids)
    .where('status', '=', 'approved')
    .execute();
  for (const p of petty) {
    const gst = n(p.cgst_amount) + n(p.sgst_amount) + n(p.igst_amount);
    add(p.budget_line, 'actual', n(p.taxable_amount) + (p.input_tax_mode === 'cost' ? gst : 0));
  }
  return out;
}

/**
 * Writes the figures of the given lines and of the lines of the given items (a line's own edit:
 * which line an item's unnamed spend counts on may move between them); all of the site's when
 * `ids` is absent.
 */
export async function refreshBudgetLines(
  trx: Trx,
  siteId: string,
  ids?: readonly string[],
  items: readonly (string | null | undefined)[] = [],
): Promise<void> {
  const lines = await siteLines(trx, siteId);
  if (lines.length === 0) return;
  const targets = ids
    ? lines.filter((l) => ids.includes(l.id) || (l.item !== null && items.includes(l.item)))
    : lines;
  if (targets.length === 0) return;
  const figures = await figuresOf(trx, siteId, targets, itemLines(lines));
  for (const [id, f] of figures) {
    await trx.updateTable('budget_lines').set(f).where('id', '=', id).execute();
  }
}
