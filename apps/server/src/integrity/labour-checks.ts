import { sql, type Kysely } from 'kysely';
import { ONE_DAY_MILLI } from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import type { Violation } from './check.js';

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const s = (value: unknown) => String(value ?? '');

async function rows(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(db)).rows as Row[];
}

const FIGURES = ['man_days', 'ot_hours', 'wages', 'ot_amount', 'gross', 'advances', 'net'] as const;

/**
 * Labour (issue 44): a wage sheet's figures are the sums of its lines, each line's gross is wages
 * + OT and its net gross − advances; a paid sheet's account debit is its net; a person is never
 * marked more than one day over all sites on a date; a mark counted by a sheet is in its period
 * and of its workers; a lent worker's mark names a worker of a site of the same owner.
 */
export async function labourChecks(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const push = (check: string, table: string, id: unknown, detail: string) =>
    out.push({ check, table, id: s(id), detail });

  const sums = FIGURES.map(
    (f) =>
      sql`coalesce((select sum(l.${sql.ref(f)}) from wage_sheet_lines l where l.wage_sheet = w.id), 0) as ${sql.ref(`sum_${f}`)}`,
  );
  for (const r of await rows(
    db,
    sql`select w.*, ${sql.join(sums)},
        coalesce((select sum(t.amount) from account_transactions t where t.wage_sheet = w.id and t.type = 'debit'), 0) as debited,
        coalesce((select sum(a.allocated_amount) from wage_sheet_allocations a where a.wage_sheet = w.id), 0) as allocated
        from wage_sheets w`,
  )) {
    for (const f of FIGURES) {
      if (n(r[f]) !== n(r[`sum_${f}`]))
        push(
          'Wage sheet totals',
          'wage_sheets',
          r.id,
          `${f} ${n(r[f])} ≠ Σ lines ${n(r[`sum_${f}`])}`,
        );
    }
    if (n(r.gross) !== n(r.wages) + n(r.ot_amount) || n(r.net) !== n(r.gross) - n(r.advances))
      push(
        'Wage sheet totals',
        'wage_sheets',
        r.id,
        'gross ≠ wages + OT or net ≠ gross − advances',
      );
    if (r.labour_contractor && n(r.paid_amount) !== n(r.allocated))
      push(
        'Wage sheet paid',
        'wage_sheets',
        r.id,
        `paid ${n(r.paid_amount)} ≠ Σ allocations ${n(r.allocated)}`,
      );
    if (r.labour_contractor && n(r.paid_amount) > n(r.net) - n(r.tds_amount))
      push('Wage sheet paid', 'wage_sheets', r.id, 'paid more than net − TDS');
    if (!r.labour_contractor) {
      const expected = s(r.status) === 'paid' ? n(r.net) : 0;
      if (n(r.debited) !== expected)
        push(
          'Wage sheet paid',
          'wage_sheets',
          r.id,
          `account debited ${n(r.debited)} ≠ ${expected}`,
        );
    }
  }

  for (const r of await rows(
    db,
    sql`select l.id, l.wages, l.ot_amount, l.gross, l.advances, l.net from wage_sheet_lines l`,
  )) {
    if (n(r.gross) !== n(r.wages) + n(r.ot_amount) || n(r.net) !== n(r.gross) - n(r.advances))
      push(
        'Wage sheet line',
        'wage_sheet_lines',
        r.id,
        'gross ≠ wages + OT or net ≠ gross − advances',
      );
  }

  for (const r of await rows(
    db,
    sql`select a.worker, a.date, sum(a.fraction) as total from attendance a
        join workers w on w.id = a.worker
        where w.headcount is null
        group by a.worker, a.date having sum(a.fraction) > ${ONE_DAY_MILLI}`,
  )) {
    push(
      'Attendance over one day',
      'attendance',
      r.worker,
      `${s(r.date)}: ${n(r.total) / 1000} days`,
    );
  }

  for (const r of await rows(
    db,
    sql`select a.id from attendance a join wage_sheets w on w.id = a.wage_sheet
        where a.site_id <> w.site_id or a.date < w.period_from or a.date > w.period_to
           or not exists (select 1 from wage_sheet_lines l where l.wage_sheet = w.id and l.worker = a.worker)`,
  )) {
    push(
      'Attendance in a wage sheet',
      'attendance',
      r.id,
      'outside its sheet’s site, period or workers',
    );
  }

  for (const r of await rows(
    db,
    sql`select a.id from attendance a
        join workers w on w.id = a.worker
        join sites home on home.id = w.site_id
        join sites here on here.id = a.site_id
        where a.site_id <> w.site_id and home.admin_user <> here.admin_user
          and not exists (
            select 1 from site_users u1 join site_users u2 on u2.user_id = u1.user_id
             where u1.site_id = home.id and u2.site_id = here.id)`,
  )) {
    push('Lent worker', 'attendance', r.id, 'a worker of a site with no member in common');
  }
  return out;
}
