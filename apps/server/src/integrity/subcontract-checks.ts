import { sql, type Kysely } from 'kysely';
import {
  deliveryPaymentStatus,
  lineTotalPaise,
  percentOfPaise,
  rateFromStored,
} from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import type { Violation } from './check.js';

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const s = (value: unknown) => String(value ?? '');

async function rows(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(db)).rows as Row[];
}

/**
 * Work orders, RA bills and TDS (issue 43): a bill's waterfall adds up (gross = Σ lines, net =
 * gross + GST − retention − recovery − TDS), its TDS is its rate of its base (plus any catch-up),
 * paid = Σ allocations within the net with the status they give; a line's cumulative quantity
 * is within what was ordered and its order's billed quantity is the latest bill's; the retention
 * released is within what was held and the advance recovered within what was paid; every
 * credit's TDS is its rate × base (plus its catch-up).
 */
export async function subcontractChecks(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const push = (check: string, table: string, id: unknown, detail: string) =>
    out.push({ check, table, id: s(id), detail });

  for (const r of await rows(
    db,
    sql`select b.id, b.kind, b.gross_amount, b.cgst_amount + b.sgst_amount + b.igst_amount as gst,
        b.retention_amount, b.advance_recovery, b.tds_amount, b.net_payable, b.paid_amount,
        b.payment_status,
        coalesce((select sum(l.amount) from ra_bill_lines l where l.ra_bill = b.id), 0) as lines,
        coalesce((select sum(a.allocated_amount) from ra_bill_allocations a where a.ra_bill = b.id), 0) as allocated
        from ra_bills b`,
  )) {
    if (s(r.kind) === 'bill' && n(r.gross_amount) !== n(r.lines))
      push(
        'RA bill waterfall',
        'ra_bills',
        r.id,
        `gross ${n(r.gross_amount)} ≠ Σ lines ${n(r.lines)}`,
      );
    const net =
      n(r.gross_amount) +
      n(r.gst) -
      n(r.retention_amount) -
      n(r.advance_recovery) -
      n(r.tds_amount);
    if (s(r.kind) === 'bill' && n(r.net_payable) !== net)
      push('RA bill waterfall', 'ra_bills', r.id, `net ${n(r.net_payable)} ≠ ${net}`);
    if (n(r.paid_amount) !== n(r.allocated))
      push(
        'RA bill paid',
        'ra_bills',
        r.id,
        `paid ${n(r.paid_amount)} ≠ Σ allocations ${n(r.allocated)}`,
      );
    if (n(r.paid_amount) > Math.max(0, n(r.net_payable)))
      push('RA bill paid', 'ra_bills', r.id, 'paid more than the net payable');
    if (s(r.payment_status) !== deliveryPaymentStatus(n(r.net_payable), n(r.paid_amount)))
      push('RA bill status', 'ra_bills', r.id, `status ${s(r.payment_status)}`);
  }

  for (const r of await rows(
    db,
    sql`select l.id, l.quantity, l.rate, l.amount, l.billed_quantity,
        (select bl.cumulative_quantity from ra_bill_lines bl join ra_bills b on b.id = bl.ra_bill
          where bl.work_order_line = l.id order by b.sequence desc limit 1) as latest
        from work_order_lines l`,
  )) {
    if (n(r.amount) !== lineTotalPaise(n(r.quantity), n(r.rate)))
      push('WO line', 'work_order_lines', r.id, 'amount ≠ quantity × rate');
    if (n(r.billed_quantity) > n(r.quantity))
      push('WO line', 'work_order_lines', r.id, 'billed more than ordered');
    if (r.latest !== null && r.latest !== undefined && n(r.latest) !== n(r.billed_quantity))
      push(
        'WO line',
        'work_order_lines',
        r.id,
        `billed ${n(r.billed_quantity)} ≠ latest bill ${n(r.latest)}`,
      );
  }

  for (const r of await rows(
    db,
    sql`select o.id, o.total_amount,
        coalesce((select sum(l.amount) from work_order_lines l where l.work_order = o.id), 0) as lines,
        coalesce((select sum(b.retention_amount) from ra_bills b where b.work_order = o.id), 0) as held,
        coalesce((select sum(b.net_payable) from ra_bills b where b.work_order = o.id
          and b.kind = 'retention_release'), 0) as released,
        coalesce((select sum(b.advance_recovery) from ra_bills b where b.work_order = o.id), 0) as recovered,
        coalesce((select sum(p.amount) from payments p where p.work_order = o.id), 0) as advanced
        from work_orders o`,
  )) {
    if (n(r.total_amount) !== n(r.lines))
      push('WO total', 'work_orders', r.id, `total ${n(r.total_amount)} ≠ Σ lines ${n(r.lines)}`);
    if (n(r.released) > n(r.held))
      push('WO retention', 'work_orders', r.id, 'released more than held');
    if (n(r.recovered) > n(r.advanced))
      push('WO advance', 'work_orders', r.id, 'recovered more than the advance paid');
  }

  // TDS = rate × base, plus the catch-up the crossing credit carries (API.md "TDS").
  for (const table of [
    'deliveries',
    'service_bookings',
    'ra_bills',
    'payments',
    'wage_sheets',
  ] as const) {
    for (const r of await rows(
      db,
      sql`select id, tds_section, tds_base, tds_rate, tds_amount, tds_carried
          from ${sql.table(table)} where tds_amount <> 0`,
    )) {
      const own = n(r.tds_amount) - n(r.tds_carried);
      const rate = r.tds_rate === null ? 0 : rateFromStored(n(r.tds_rate));
      if (r.tds_section === null || own !== percentOfPaise(n(r.tds_base), rate))
        push('TDS amount', table, r.id, `TDS ${own} ≠ ${rate} % of ${n(r.tds_base)}`);
    }
  }
  return out;
}
