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
      where t.status = 'received' and l.received_quantity > 0`;
  // The ledger keyed the same way: one-line records by their source, lines by their line.
  const ledger = sql`
    select m.id, m.site_id as site, m.item, m.kind, coalesce(m.source_line, m.source_id) as line,
      m.quantity as qty, m.movement_date as day
    from stock_movements m`;

  for (const r of await rows(
    db,
    sql`select e.kind, e.line, e.site, e.item, e.qty, e.day, count(l.id) as found,
          min(l.site) as l_site, min(l.item) as l_item, sum(l.qty) as l_qty, min(l.day) as l_day
        from (${expected}) e
        left join (${ledger}) l on l.kind = e.kind and l.line = e.line
        group by e.kind, e.line, e.site, e.item, e.qty, e.day`,
  )) {
    const what = `${s(r.kind)} ${s(r.line)}`;
    if (n(r.found) !== 1)
      push(
        'stock ledger',
        'stock_movements',
        r.line,
        `${what}: ${n(r.found)} movements, 1 expected`,
      );
    else if (
      s(r.l_site) !== s(r.site) ||
      s(r.l_item) !== s(r.item) ||
      n(r.l_qty) !== n(r.qty) ||
      s(r.l_day) !== s(r.day)
    )
      push('stock ledger', 'stock_movements', r.line, `${what}: movement differs from its record`);
  }
  for (const r of await rows(
    db,
    sql`select l.id, l.kind, l.line from (${ledger}) l
        left join (${expected}) e on e.kind = l.kind and e.line = l.line
        where e.line is null`,
  )) {
    push('stock ledger', 'stock_movements', r.id, `${s(r.kind)} movement without its record`);
  }

  for (const r of await rows(
    db,
    sql`select l.id from stock_transfer_lines l
        join stock_transfers t on t.id = l.stock_transfer
        left join items i on i.id = l.received_item
        where l.received_item is not null and (i.id is null or i.site_id <> t.to_site)`,
  )) {
    push(
      'stock transfer',
      'stock_transfer_lines',
      r.id,
      'received as an item not of the receiving site',
    );
  }

  for (const r of await rows(
    db,
    sql`select m.id from stock_movements m join items i on i.id = m.item
        where i.site_id <> m.site_id
          or (m.kind in ('delivery', 'transfer_in') and m.quantity <= 0)
          or (m.kind in ('return', 'consumption', 'transfer_out') and m.quantity >= 0)`,
  )) {
    push('stock movement', 'stock_movements', r.id, "another site's item, or the wrong sign");
  }

  // Stock per site and item: Σ ledger = Σ what the records say.
  for (const r of await rows(
    db,
    sql`select coalesce(a.site, b.site) as site, coalesce(a.item, b.item) as item,
          coalesce(a.q, 0) as ledger, coalesce(b.q, 0) as records
        from (select site_id as site, item, sum(quantity) as q from stock_movements
              group by site_id, item) a
        full outer join (select site, item, sum(qty) as q from (${expected}) e
              group by site, item) b on a.site = b.site and a.item = b.item
        where coalesce(a.q, 0) <> coalesce(b.q, 0)`,
  )) {
    push('stock on hand', 'items', r.item, `ledger ${n(r.ledger)} ≠ records ${n(r.records)}`);
  }

  for (const r of await rows(
    db,
    sql`select l.id, l.quantity, l.received_quantity, l.value, l.received_value, t.status,
          (select -sum(m.value) from stock_movements m where m.source_line = l.id
            and m.kind = 'transfer_out') as out_value,
          (select sum(m.value) from stock_movements m where m.source_line = l.id
            and m.kind = 'transfer_in') as in_value
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
