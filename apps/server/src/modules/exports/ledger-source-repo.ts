import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Sorts after every real `created` timestamp: a lapse is the last entry of its day. */
const LAST_OF_DAY = '9999-12-31T23:59:59.999Z';

/** Where the previous chunk ended: the order key of its last entry. */
export interface LedgerCursor {
  date: string;
  created: string;
  rank: number;
  id: string;
}

export interface ChunkParams {
  siteId: string;
  vendor: string;
  today: string;
  /** Inclusive bounds; '' and '9999-12-31' when open. */
  from: string;
  to: string;
}

type Sql = RawBuilder<unknown>;

/**
 * The condition one branch's rows must meet to come after `after` in the ledger's order (date,
 * created, rank, id), inside the range. `rank` is constant per branch, so the comparison of ranks
 * is settled here and each branch keeps a plain (date, created, id) test its index can serve.
 */
function branchFilter(
  params: ChunkParams,
  after: LedgerCursor | null,
  columns: { date: Sql; created: Sql; id: Sql; rank: number },
): Sql {
  const { date, created, id, rank } = columns;
  const start = after && after.date > params.from ? after.date : params.from;
  const range = sql`${date} >= ${start} and ${date} <= ${params.to}`;
  if (!after) return range;
  const sameDay =
    rank > after.rank
      ? sql`${created} >= ${after.created}`
      : rank < after.rank
        ? sql`${created} > ${after.created}`
        : sql`(${created} > ${after.created} or (${created} = ${after.created} and ${id} > ${after.id}))`;
  return sql`${range} and (${date} > ${after.date} or (${date} = ${after.date} and ${sameDay}))`;
}

/**
 * The next `limit` entries of the vendor ledger after `after`: the branches, conditions,
 * debit/credit and order of modules/ledger/ledger-repo.ts (whose UNION is private to that module),
 * plus `note` (the record's notes or reason) and `counterparty` (the account money moved through)
 * for the export's description. test/exports-csv.test.ts holds this copy equal to
 * GET …/vendors/{id}/ledger.
 *
 * Each branch takes its own first `limit` rows after the cursor in its index order (its rank is
 * fixed, so that is the ledger's order within the branch), and the UNION keeps the first `limit`
 * of those: a chunk costs a few thousand index rows however long the ledger, on SQLite and on
 * PostgreSQL (whose planner does not push an outer LIMIT into UNION branches).
 */
export async function ledgerChunk(
  db: Kysely<Database>,
  params: ChunkParams,
  after: LedgerCursor | null,
  limit: number,
): Promise<LedgerSourceRow[]> {
  const { siteId, vendor, today } = params;
  const where = (date: string, created: Sql, id: string, rank: number) =>
    branchFilter(params, after, { date: sql.ref(date), created, id: sql.ref(id), rank });
  const first = (name: string, branch: Sql, order: Sql) =>
    sql`select * from (${branch} order by ${order} limit ${limit}) ${sql.raw(name)}`;
  const lapse = sql`cast(${LAST_OF_DAY} as text)`;
  const result = await sql<Record<keyof LedgerSourceRow, string | number | null>>`
    ${first(
      'deliveries',
      sql`select d.id, d.delivery_date as date, d.created, 1 as rank, 'delivery' as type,
        d.delivery_reference as reference, 0 as debit, d.total_amount as credit,
        d.total_amount as amount, d.notes as note, cast(null as text) as counterparty,
        d.supplier_invoice_number
      from deliveries d where d.site_id = ${siteId} and d.vendor = ${vendor}
        and ${where('d.delivery_date', sql.ref('d.created'), 'd.id', 1)}`,
      sql`d.delivery_date, d.created, d.id`,
    )}
    union all
    ${first(
      'bookings',
      sql`select b.id, b.start_date as date, b.created, 2 as rank, 'service_booking' as type,
        s.name as reference, 0 as debit, (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount) as credit,
        (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount) as amount,
        b.notes as note, cast(null as text) as counterparty, b.supplier_invoice_number
      from service_bookings b join services s on s.id = b.service
      where b.site_id = ${siteId} and b.vendor = ${vendor} and b.status <> 'cancelled'
        and ${where('b.start_date', sql.ref('b.created'), 'b.id', 2)}`,
      sql`b.start_date, b.created, b.id`,
    )}
    union all
    ${first(
      'payments',
      sql`select p.id, p.payment_date as date, p.created, 6 as rank, 'payment' as type,
        p.reference,
        p.amount - coalesce((select sum(u.used_amount) from credit_note_usage u
          where u.payment = p.id), 0) as debit,
        0 as credit, p.amount, p.notes as note, a.name as counterparty,
        cast(null as text) as supplier_invoice_number
      from payments p left join accounts a on a.id = p.account
      where p.site_id = ${siteId} and p.vendor = ${vendor}
        and ${where('p.payment_date', sql.ref('p.created'), 'p.id', 6)}`,
      sql`p.payment_date, p.created, p.id`,
    )}
    union all
    ${first(
      'returns',
      sql`select r.id, r.return_date as date, r.created, 3 as rank, 'return' as type,
        r.reason as reference,
        r.total_return_amount + r.cgst_amount + r.sgst_amount + r.igst_amount as debit,
        0 as credit,
        r.total_return_amount + r.cgst_amount + r.sgst_amount + r.igst_amount as amount, r.notes as note, cast(null as text) as counterparty,
        r.supplier_credit_note_number as supplier_invoice_number
      from vendor_returns r where r.site_id = ${siteId} and r.vendor = ${vendor}
        and r.status in ('approved', 'completed', 'refunded')
        and ${where('r.return_date', sql.ref('r.created'), 'r.id', 3)}`,
      sql`r.return_date, r.created, r.id`,
    )}
    union all
    ${first(
      'refunds',
      sql`select f.id, f.refund_date as date, f.created, 5 as rank, 'refund' as type,
        f.reference, 0 as debit,
        case when f.account is null then 0 else f.refund_amount end as credit,
        f.refund_amount as amount, f.notes as note, a.name as counterparty,
        cast(null as text) as supplier_invoice_number
      from vendor_refunds f left join accounts a on a.id = f.account
      where f.site_id = ${siteId} and f.vendor = ${vendor}
        and ${where('f.refund_date', sql.ref('f.created'), 'f.id', 5)}`,
      sql`f.refund_date, f.created, f.id`,
    )}
    union all
    ${first(
      'notes',
      sql`select c.id, c.issue_date as date, c.created, 4 as rank, 'credit_note' as type,
        c.reference, case when c.return_id is null then c.credit_amount else 0 end as debit,
        0 as credit, c.credit_amount as amount, c.reason as note,
        cast(null as text) as counterparty, cast(null as text) as supplier_invoice_number
      from vendor_credit_notes c where c.site_id = ${siteId} and c.vendor = ${vendor}
        and ${where('c.issue_date', sql.ref('c.created'), 'c.id', 4)}`,
      sql`c.issue_date, c.created, c.id`,
    )}
    union all
    ${first(
      'lapses',
      sql`select c.id, c.expiry_date as date, ${lapse} as created, 7 as rank,
        'credit_note_expired' as type, c.reference, 0 as debit, c.balance as credit,
        c.balance as amount, c.reason as note, cast(null as text) as counterparty,
        cast(null as text) as supplier_invoice_number
      from vendor_credit_notes c where c.site_id = ${siteId} and c.vendor = ${vendor}
        and c.status = 'active' and c.balance > 0 and c.expiry_date < ${today}
        and ${where('c.expiry_date', lapse, 'c.id', 7)}`,
      sql`c.expiry_date, c.id`,
    )}
    order by date, created, rank, id
    limit ${limit}`.execute(db);
  return result.rows.map((row) => ({
    id: String(row.id),
    date: String(row.date),
    created: String(row.created),
    rank: Number(row.rank),
    type: String(row.type),
    reference: row.reference === null ? null : String(row.reference),
    debit: Number(row.debit),
    credit: Number(row.credit),
    amount: Number(row.amount),
    note: row.note === null ? null : String(row.note),
    counterparty: row.counterparty === null ? null : String(row.counterparty),
    supplier_invoice_number:
      row.supplier_invoice_number === null ? null : String(row.supplier_invoice_number),
  }));
}

export interface LedgerSourceRow extends LedgerCursor {
  type: string;
  reference: string | null;
  /** Paise. */
  debit: number;
  credit: number;
  amount: number;
  note: string | null;
  counterparty: string | null;
  /** Issue 40: a delivery's or booking's supplier invoice, a return's supplier credit note. */
  supplier_invoice_number: string | null;
}
