import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { siteCondition } from '../../db/site-scope.js';

export interface StatementRange {
  siteId: string;
  account: string;
  /** Inclusive bounds; '' and '9999-12-31' when open. */
  from: string;
  to: string;
}

/**
 * The postings of an account's statement: every site's of the business (an account is the
 * business's, issue 47), so the statement's running balance is the account's.
 */
const accountSites = (siteId: string) => siteCondition('accounts', 't.site_id', siteId);

export interface StatementTotals {
  /** Σ credits − Σ debits before `from` (paise; the opening balance is added by the caller). */
  before: number;
  credits: number;
  debits: number;
  count: number;
}

/** What moved before and inside the range, summed in SQL over the account's index. */
export async function statementTotals(
  db: Kysely<Database>,
  range: StatementRange,
): Promise<StatementTotals> {
  const signed = sql`case when t.type = 'credit' then t.amount else -t.amount end`;
  const inRange = sql`t.transaction_date >= ${range.from} and t.transaction_date <= ${range.to}`;
  const result = await sql<Record<keyof StatementTotals, number | string | null>>`
    select
      coalesce(sum(case when t.transaction_date < ${range.from} then ${signed} else 0 end), 0)
        as before,
      coalesce(sum(case when ${inRange} and t.type = 'credit' then t.amount else 0 end), 0)
        as credits,
      coalesce(sum(case when ${inRange} and t.type = 'debit' then t.amount else 0 end), 0)
        as debits,
      coalesce(sum(case when ${inRange} then 1 else 0 end), 0) as count
    from account_transactions t
    where ${accountSites(range.siteId)} and t.account = ${range.account}`.execute(db);
  const row = result.rows[0];
  return {
    before: Number(row?.before ?? 0),
    credits: Number(row?.credits ?? 0),
    debits: Number(row?.debits ?? 0),
    count: Number(row?.count ?? 0),
  };
}

export interface StatementCursor {
  date: string;
  created: string;
  id: string;
}

export interface StatementSourceRow extends StatementCursor {
  type: 'credit' | 'debit';
  /** Paise. */
  amount: number;
  description: string | null;
  reference: string | null;
  category: string | null;
  notes: string | null;
  vendor_name: string | null;
}

/** The next `limit` transactions of the range after `after`, oldest first (date, created, id). */
export async function statementChunk(
  db: Kysely<Database>,
  range: StatementRange,
  after: StatementCursor | null,
  limit: number,
): Promise<StatementSourceRow[]> {
  const start = after && after.date > range.from ? after.date : range.from;
  let query = db
    .selectFrom('account_transactions as t')
    .leftJoin('vendors as v', 'v.id', 't.vendor')
    .select([
      't.id',
      't.transaction_date as date',
      't.created',
      't.type',
      't.amount',
      't.description',
      't.reference',
      't.transaction_category as category',
      't.notes',
      'v.name as vendor_name',
    ])
    .where(accountSites(range.siteId))
    .where('t.account', '=', range.account)
    .where('t.transaction_date', '>=', start)
    .where('t.transaction_date', '<=', range.to);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('t.transaction_date', '>', after.date),
        eb.and([
          eb('t.transaction_date', '=', after.date),
          eb.or([
            eb('t.created', '>', after.created),
            eb.and([eb('t.created', '=', after.created), eb('t.id', '>', after.id)]),
          ]),
        ]),
      ]),
    );
  }
  const rows = await query
    .orderBy('t.transaction_date')
    .orderBy('t.created')
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** The site's name for an export's heading. */
export async function findSiteName(db: Kysely<Database>, siteId: string): Promise<string | null> {
  const site = await db
    .selectFrom('sites')
    .select('name')
    .where('id', '=', siteId)
    .executeTakeFirst();
  return site?.name ?? null;
}
