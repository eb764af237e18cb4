import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Violation } from './check.js';

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const s = (value: unknown) => String(value ?? '');

async function rows(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(db)).rows as Row[];
}

const COUNTED = sql`('approved', 'completed', 'refunded')`;

/**
 * Site stock (issue 25): every movement of the ledger matches the record it came from and every
 * record has its movements; stock per site and item = Σ of the ledger = what the records say
 * (delivered − returned − consumed ± transfers ± counts); each transfer line is balanced between
 * the two sites (sent = received + shortfall, in on the receiving site only once received).
 */
export async function stockChecks(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const push = (check: string, table: string, id: unknown, detail: string) =>
    out.push({ check, table, id: s(id), detail });

  // What each record says should be in the ledger, one row per expected movement.
  const expected = sql`
    select di.site_id as site, di.item, 'delivery' as kind, di.id as line, di.quantity as qty,
      d.delivery_date as day
      from delivery_items di join deliveries d on d.id = di.delivery
    union all
    select ri.site_id, di.item, 'return', ri.id, -ri.quantity_returned, vr.return_date
      from vendor_return_items ri join vendor_returns vr on vr.id = ri.vendor_return
      join delivery_items di on di.id = ri.delivery_item where vr.status in ${COUNTED}
    union all
    select c.site_id, c.item, 'consumption', c.id, -c.quantity, c.consumption_date
      from stock_consumptions c
    union all
    select a.site_id, a.item, 'adjustment', a.id, a.difference, a.adjustment_date
      from stock_adjustments a where a.status = 'applied' and a.difference <> 0
    union all
    select l.site_id, l.item, 'transfer_out', l.id, -l.quantity, t.transfer_date
      from stock_transfer_lines l join stock_transfers t on t.id = l.stock_transfer
    union all
    select t.to_site, l.received_item, 'transfer_in', l.id, l.received_quantity, t.received_date
      from stock_transfer_lines l join stock_transfers t on t.id = l.stock_transfer
      where t.status = 'received' and l.received_quantity > 0 and t.to_site is not null`;
  // The ledger keyed the same way: one-line records by their source, lines by their line.
  const ledger = sql`
    select m.id, m.site_id as site, m.item, m.kind, coalesce(m.source_line, m.source_id) as line,
      m.quantity as qty, m.movement_date as day
    from stock_movements m`;

  // Both sides in one grouped pass (no join between derived tables: 100 000 deliveries stay
  // fast): each (kind, line) must appear once on each side, with the same site, item, quantity
  // and date.
  for (const r of await rows(
    db,
    sql`select kind, line, sum(case when side = 1 then 1 else 0 end) as records,
          sum(case when side = 2 then 1 else 0 end) as movements
        from (select e.kind, e.line, e.site, e.item, e.qty, e.day, 1 as side from (${expected}) e
              union all
              select l.kind, l.line, l.site, l.item, l.qty, l.day, 2 from (${ledger}) l) x
        group by kind, line
        having sum(case when side = 1 then 1 else 0 end) <> 1
          or sum(case when side = 2 then 1 else 0 end) <> 1
          or min(site) <> max(site) or min(item) <> max(item)
          or min(qty) <> max(qty) or min(day) <> max(day)`,
  )) {
    const what = `${s(r.kind)} ${s(r.line)}`;
    const detail =
      n(r.records) === 0
        ? 'movement without its record'
        : n(r.movements) !== 1
          ? `${n(r.movements)} movements, 1 expected`
          : 'movement differs from its record';
    push('stock ledger', 'stock_movements', r.line, `${what}: ${detail}`);
  }

  // Items are their business's (issue 47): an item another site of the business made is this
  // site's too.
  const notBusinessOf = (itemSite: string, site: string) =>
    sql`coalesce((select bi.business_id from sites bi where bi.id = ${sql.ref(itemSite)}), '')
      <> coalesce((select bs.business_id from sites bs where bs.id = ${sql.ref(site)}), '')`;
  for (const r of await rows(
    db,
    sql`select l.id from stock_transfer_lines l
        join stock_transfers t on t.id = l.stock_transfer
        left join items i on i.id = l.received_item
        where l.received_item is not null and (i.id is null or ${notBusinessOf('i.site_id', 't.to_site')})`,
  )) {
    push(
      'stock transfer',
      'stock_transfer_lines',
      r.id,
      'received as an item not of the receiving site’s business',
    );
  }

  for (const r of await rows(
    db,
    sql`select m.id from stock_movements m join items i on i.id = m.item
        where ${notBusinessOf('i.site_id', 'm.site_id')}
          or (m.kind in ('delivery', 'transfer_in') and m.quantity <= 0)
          or (m.kind in ('return', 'consumption', 'transfer_out') and m.quantity >= 0)`,
  )) {
    push('stock movement', 'stock_movements', r.id, "another business's item, or the wrong sign");
  }

  // Stock per site and item: Σ ledger = Σ what the records say.
  for (const r of await rows(
    db,
    sql`select site, item, sum(case when side = 2 then qty else 0 end) as ledger,
          sum(case when side = 1 then qty else 0 end) as records
        from (select e.site, e.item, e.qty, 1 as side from (${expected}) e
              union all
              select site_id, item, quantity, 2 from stock_movements) x
        group by site, item
        having sum(case when side = 2 then qty else -qty end) <> 0`,
  )) {
    push('stock on hand', 'items', r.item, `ledger ${n(r.ledger)} ≠ records ${n(r.records)}`);
  }

  for (const r of await rows(
    db,
    sql`select l.id, l.quantity, l.received_quantity, l.value, l.received_value, t.status,
          (select -sum(m.value) from stock_movements m where m.source_id = t.id
            and m.source_line = l.id and m.kind = 'transfer_out') as out_value,
          (select sum(m.value) from stock_movements m where m.source_id = t.id
            and m.source_line = l.id and m.kind = 'transfer_in') as in_value
        from stock_transfer_lines l join stock_transfers t on t.id = l.stock_transfer`,
  )) {
    const received = r.received_quantity === null ? null : n(r.received_quantity);
    if (n(r.out_value) !== n(r.value))
      push(
        'stock transfer',
        'stock_transfer_lines',
        r.id,
        'sent value ≠ value out of the sending site',
      );
    if (s(r.status) === 'sent' && (received !== null || r.in_value !== null))
      push('stock transfer', 'stock_transfer_lines', r.id, 'received before its transfer was');
    if (s(r.status) === 'received') {
      if (received === null || received < 0 || received > n(r.quantity))
        push('stock transfer', 'stock_transfer_lines', r.id, 'received outside 0…sent');
      else if (n(r.in_value) !== n(r.received_value))
        push('stock transfer', 'stock_transfer_lines', r.id, 'value in ≠ received value');
    }
  }
  return out;
}
