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
 * One branch of the ledger's UNION: a table's rows of the vendor as entries. `rank` orders the
 * entries of one day and time; `columns` are reference, debit, credit, amount, note, counterparty
 * and supplier_invoice_number, in that order.
 */
interface Branch {
  /** The entry's date column, with the table's alias (`d.delivery_date`). */
  date: string;
  rank: number;
  type: string;
  columns: Sql;
  from: Sql;
  /** Conditions besides the site and the vendor (`and …`). */
  only?: Sql;
  /** When the entry's `created` is not the row's own (a lapse): a constant, so not ordered by. */
  created?: Sql;
}

const NO_TEXT = sql`cast(null as text)`;
/** Wage sheets as a vendor's bills: the branch's `vendor` is the sheet's labour contractor. */
const CONTRACTOR_SHEETS = sql`(select wage_sheets.*, labour_contractor as vendor from wage_sheets
  where labour_contractor is not null) w`;
const lapse = sql`cast(${LAST_OF_DAY} as text)`;

/** The branches, as of `today` (a credit note lapses the day after its expiry date). */
const branches = (today: string): Branch[] => [
  {
    date: 'd.delivery_date',
    rank: 1,
    type: 'delivery',
    columns: sql`d.delivery_reference as reference, 0 as debit, d.total_amount as credit,
      d.total_amount as amount, d.notes as note, ${NO_TEXT} as counterparty,
      d.supplier_invoice_number`,
    from: sql`deliveries d`,
  },
  {
    date: 'b.start_date',
    rank: 2,
    type: 'service_booking',
    columns: sql`s.name as reference, 0 as debit,
      (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount) as credit,
      (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount) as amount,
      b.notes as note, ${NO_TEXT} as counterparty, b.supplier_invoice_number`,
    from: sql`service_bookings b join services s on s.id = b.service`,
    only: sql`and b.status <> 'cancelled'`,
  },
  {
    date: 'p.payment_date',
    rank: 6,
    type: 'payment',
    columns: sql`p.reference,
      p.amount - coalesce((select sum(u.used_amount) from credit_note_usage u
        where u.payment = p.id), 0) as debit,
      0 as credit, p.amount, p.notes as note, a.name as counterparty,
      ${NO_TEXT} as supplier_invoice_number`,
    from: sql`payments p left join accounts a on a.id = p.account`,
  },
  {
    date: 'r.return_date',
    rank: 3,
    type: 'return',
    columns: sql`r.reason as reference,
      r.total_return_amount + r.cgst_amount + r.sgst_amount + r.igst_amount as debit,
      0 as credit,
      r.total_return_amount + r.cgst_amount + r.sgst_amount + r.igst_amount as amount,
      r.notes as note, ${NO_TEXT} as counterparty,
      r.supplier_credit_note_number as supplier_invoice_number`,
    from: sql`vendor_returns r`,
    only: sql`and r.status in ('approved', 'completed', 'refunded')`,
  },
  {
    date: 'f.refund_date',
    rank: 5,
    type: 'refund',
    columns: sql`f.reference, 0 as debit,
      case when f.account is null then 0 else f.refund_amount end as credit,
      f.refund_amount as amount, f.notes as note, a.name as counterparty,
      ${NO_TEXT} as supplier_invoice_number`,
    from: sql`vendor_refunds f left join accounts a on a.id = f.account`,
  },
  {
    date: 'c.issue_date',
    rank: 4,
    type: 'credit_note',
    columns: sql`c.reference, case when c.return_id is null then c.credit_amount else 0 end as debit,
      0 as credit, c.credit_amount as amount, c.reason as note, ${NO_TEXT} as counterparty,
      ${NO_TEXT} as supplier_invoice_number`,
    from: sql`vendor_credit_notes c`,
  },
  {
    date: 'c.expiry_date',
    rank: 7,
    type: 'credit_note_expired',
    columns: sql`c.reference, 0 as debit, c.balance as credit, c.balance as amount,
      c.reason as note, ${NO_TEXT} as counterparty, ${NO_TEXT} as supplier_invoice_number`,
    from: sql`vendor_credit_notes c`,
    only: sql`and c.status = 'active' and c.balance > 0 and c.expiry_date < ${today}`,
    created: lapse,
  },
  {
    date: 'r.bill_date',
    rank: 1,
    type: 'ra_bill',
    columns: sql`r.number as reference, 0 as debit,
      case when r.kind = 'bill'
        then r.gross_amount + r.cgst_amount + r.sgst_amount + r.igst_amount - r.retention_amount
        else r.net_payable end as credit,
      case when r.kind = 'bill'
        then r.gross_amount + r.cgst_amount + r.sgst_amount + r.igst_amount
        else r.net_payable end as amount,
      r.notes as note, ${NO_TEXT} as counterparty, r.supplier_invoice_number`,
    from: sql`ra_bills r`,
  },
  {
    date: 'd.delivery_date',
    rank: 8,
    type: 'tds',
    columns: sql`d.delivery_reference as reference, d.tds_amount as debit, 0 as credit,
      d.tds_amount as amount, ${NO_TEXT} as note, ${NO_TEXT} as counterparty,
      ${NO_TEXT} as supplier_invoice_number`,
    from: sql`deliveries d`,
    only: sql`and d.tds_amount <> 0`,
  },
  {
    date: 'b.start_date',
    rank: 8,
    type: 'tds',
    columns: sql`${NO_TEXT} as reference, b.tds_amount as debit, 0 as credit,
      b.tds_amount as amount, ${NO_TEXT} as note, ${NO_TEXT} as counterparty,
      ${NO_TEXT} as supplier_invoice_number`,
    from: sql`service_bookings b`,
    only: sql`and b.status <> 'cancelled' and b.tds_amount <> 0`,
  },
  {
    date: 'r.bill_date',
    rank: 8,
    type: 'tds',
    columns: sql`r.number as reference, r.tds_amount as debit, 0 as credit,
      r.tds_amount as amount, ${NO_TEXT} as note, ${NO_TEXT} as counterparty,
      ${NO_TEXT} as supplier_invoice_number`,
    from: sql`ra_bills r`,
    only: sql`and r.tds_amount <> 0`,
  },
  // Issue 44: a labour contractor's wage sheets (the vendor is the sheet's contractor).
  {
    date: 'w.period_to',
    rank: 1,
    type: 'wage_sheet',
    columns: sql`w.number as reference, 0 as debit, w.net as credit, w.net as amount,
      w.notes as note, ${NO_TEXT} as counterparty, ${NO_TEXT} as supplier_invoice_number`,
    from: CONTRACTOR_SHEETS,
  },
  {
    date: 'w.period_to',
    rank: 8,
    type: 'tds',
    columns: sql`w.number as reference, w.tds_amount as debit, 0 as credit,
      w.tds_amount as amount, ${NO_TEXT} as note, ${NO_TEXT} as counterparty,
      ${NO_TEXT} as supplier_invoice_number`,
    from: CONTRACTOR_SHEETS,
    only: sql`and w.tds_amount <> 0`,
  },
];

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
  const first = (branch: Branch) => {
    const alias = branch.date.split('.')[0];
    const column = (name: string) => sql.ref(`${alias}.${name}`);
    const date = sql.ref(branch.date);
    const created = branch.created ?? column('created');
    const id = column('id');
    const order = branch.created ? sql`${date}, ${id}` : sql`${date}, ${created}, ${id}`;
    const filter = branchFilter(params, after, { date, created, id, rank: branch.rank });
    return sql`select * from (select ${id} as id, ${date} as date, ${created} as created,
        ${sql.lit(branch.rank)} as rank, ${sql.lit(branch.type)} as type, ${branch.columns}
      from ${branch.from}
      where ${column('site_id')} = ${siteId} and ${column('vendor')} = ${vendor}
        ${branch.only ?? sql``} and ${filter}
      order by ${order} limit ${limit}) ${sql.ref(branch.type)}`;
  };
  const result = await sql<Record<keyof LedgerSourceRow, string | number | null>>`
    ${sql.join(branches(today).map(first), sql` union all `)}
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
