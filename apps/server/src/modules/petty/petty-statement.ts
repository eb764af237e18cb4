/**
 * The holder's statement (his petty cash book) and the site's petty spend by cost head (issue 46).
 * Both read the rows as they stand; the statement's running balance is the cash in the holder's
 * hand: the level issued, less what he spent (approved or waiting; a rejected bill moves nothing,
 * it is his), plus what replenishments gave back — so its closing balance is the imprest's
 * `balance` when the period runs to today.
 */
import type {
  BudgetHead,
  ImprestStatement,
  ImprestStatementEntry,
  PettyByHead,
  PettyByHeadQuery,
  PettyStatus,
} from '@siteledger/domain';
import { BUDGET_HEADS } from '@siteledger/domain';
import { sql } from 'kysely';
import { rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import { imprests } from './imprests-service.js';

interface Movement {
  date: string;
  kind: ImprestStatementEntry['kind'];
  id: string;
  description: string;
  status: PettyStatus | null;
  /** Paise. */
  inflow: number;
  outflow: number;
  created: string;
}

/** Same day: the cash is given before it is spent, and refilled after the day's bills. */
const DAY_ORDER: Record<Movement['kind'], number> = { issued: 0, expense: 1, replenished: 2 };

async function movements(scope: SiteScope, imprestId: string): Promise<Movement[]> {
  const db = scope.ctx.db.kysely;
  const [imprest, spent, refills] = await Promise.all([
    db
      .selectFrom('imprests')
      .select(['id', 'amount', 'issued_date', 'created', 'notes'])
      .where('site_id', '=', scope.siteId)
      .where('id', '=', imprestId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('petty_expenses')
      .select(['id', 'expense_date', 'amount', 'description', 'status', 'created'])
      .where('imprest', '=', imprestId)
      .execute(),
    db
      .selectFrom('imprest_replenishments')
      .select(['id', 'replenish_date', 'amount', 'created'])
      .where('imprest', '=', imprestId)
      .execute(),
  ]);
  const all: Movement[] = [
    {
      date: imprest.issued_date,
      kind: 'issued',
      id: imprest.id,
      description: imprest.notes ?? 'Petty cash issued',
      status: null,
      inflow: Number(imprest.amount),
      outflow: 0,
      created: imprest.created,
    },
    ...spent.map((e) => ({
      date: e.expense_date,
      kind: 'expense' as const,
      id: e.id,
      description: e.description,
      status: e.status as PettyStatus,
      inflow: 0,
      outflow: e.status === 'rejected' ? 0 : Number(e.amount),
      created: e.created,
    })),
    ...refills.map((r) => ({
      date: r.replenish_date,
      kind: 'replenished' as const,
      id: r.id,
      description: 'Replenished',
      status: null,
      inflow: Number(r.amount),
      outflow: 0,
      created: r.created,
    })),
  ];
  return all.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      DAY_ORDER[a.kind] - DAY_ORDER[b.kind] ||
      a.created.localeCompare(b.created),
  );
}

/** GET …/imprests/{id}/statement: opening balance, the period's entries, closing balance. */
export async function imprestStatement(
  scope: SiteScope,
  imprestId: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<ImprestStatement> {
  // The imprest as every reader sees it (404 for another site's or an unknown one).
  const imprest = await imprests.get(scope, imprestId);
  const from = range.from ?? null;
  const to = range.to ?? null;
  let balance = 0;
  let opening = 0;
  let closing = 0;
  const entries: ImprestStatementEntry[] = [];
  for (const m of await movements(scope, imprestId)) {
    balance += m.inflow - m.outflow;
    if (from !== null && m.date < from) {
      opening = balance;
      closing = balance;
      continue;
    }
    if (to !== null && m.date > to) break;
    closing = balance;
    entries.push({
      date: m.date,
      kind: m.kind,
      id: m.id,
      description: m.description,
      status: m.status,
      ...rupees({ amount_in: m.inflow, amount_out: m.outflow, balance }),
    });
  }
  return {
    imprest,
    from,
    to,
    ...rupees({ opening_balance: opening }),
    entries,
    ...rupees({ closing_balance: closing }),
  };
}

/**
 * GET …/petty_expenses/by_head: approved and pending spend per cost head over a period (rejected
 * left out). An expense on a budget line is under the line's head as it stands now.
 */
export async function pettyByHead(scope: SiteScope, query: PettyByHeadQuery): Promise<PettyByHead> {
  const db = scope.ctx.db.kysely;
  const head = sql<string>`coalesce(bl.head, pe.head)`;
  let q = db
    .selectFrom('petty_expenses as pe')
    .leftJoin('budget_lines as bl', 'bl.id', 'pe.budget_line')
    .select([
      head.as('head'),
      'pe.status',
      (eb) => eb.fn.countAll<number | string>().as('count'),
      (eb) => eb.fn.sum<number | string>('pe.amount').as('total'),
    ])
    .where('pe.site_id', '=', scope.siteId)
    .where('pe.status', '<>', 'rejected')
    .groupBy([head, 'pe.status']);
  if (query.from) q = q.where('pe.expense_date', '>=', query.from);
  if (query.to) q = q.where('pe.expense_date', '<=', query.to);
  if (query.imprest) q = q.where('pe.imprest', '=', query.imprest);
  const rows = await q.execute();
  const per = new Map<string, { count: number; approved: number; pending: number }>();
  for (const row of rows) {
    const figures = per.get(row.head) ?? { count: 0, approved: 0, pending: 0 };
    figures.count += Number(row.count);
    if (row.status === 'approved') figures.approved += Number(row.total);
    else figures.pending += Number(row.total);
    per.set(row.head, figures);
  }
  const totals = { count: 0, approved: 0, pending: 0 };
  const items = BUDGET_HEADS.flatMap((name: BudgetHead) => {
    const f = per.get(name);
    if (!f) return [];
    totals.count += f.count;
    totals.approved += f.approved;
    totals.pending += f.pending;
    return [
      {
        head: name,
        count: f.count,
        ...rupees({ approved_amount: f.approved, pending_amount: f.pending }),
      },
    ];
  });
  return {
    items,
    totals: {
      count: totals.count,
      ...rupees({ approved_amount: totals.approved, pending_amount: totals.pending }),
    },
  };
}
