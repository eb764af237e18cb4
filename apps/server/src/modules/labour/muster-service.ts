import {
  fromMilli,
  hasPermission,
  type Muster,
  type MusterRow,
  type Role,
} from '@siteledger/domain';
import { addDays } from '../../platform/business-time.js';
import type { SiteScope } from '../../platform/scope.js';
import { manDaysOf } from './attendance-service.js';
import * as repo from './labour-repo.js';

/** A worker lent here within this many days before the date stays on the muster. */
const LENT_DAYS = 14;
/** "Same as yesterday" looks back this far (a Sunday off, a holiday). */
const PREVIOUS_DAYS = 7;

/**
 * GET …/attendance/muster?date= (issue 44): the day's muster on a phone — every active worker of
 * the site and those lent here lately, each with this date's mark, the last earlier one, what
 * other sites marked him that day, and whether a wage sheet holds the day.
 */
export async function muster(scope: SiteScope, date: string): Promise<Muster> {
  const db = scope.ctx.db.kysely;
  const { siteId } = scope;
  const since = addDays(date, -LENT_DAYS);
  const [own, recent] = await Promise.all([
    db
      .selectFrom('workers')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('active', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    repo.siteMarks(db, siteId, since, date),
  ]);
  const ownIds = new Set(own.map((w) => w.id));
  const lentIds = [...new Set(recent.map((m) => m.worker).filter((id) => !ownIds.has(id)))];
  const lent = (await repo.workersAmong(db, lentIds)).sort((a, b) => a.name.localeCompare(b.name));
  const workers = [...own, ...lent];
  const ids = workers.map((w) => w.id);
  const [today, sheets] = await Promise.all([
    repo.marksOn(db, ids, date),
    db
      .selectFrom('wage_sheets')
      .innerJoin('wage_sheet_lines', 'wage_sheet_lines.wage_sheet', 'wage_sheets.id')
      .select('wage_sheet_lines.worker')
      .where('wage_sheets.site_id', '=', siteId)
      .where('wage_sheets.period_from', '<=', date)
      .where('wage_sheets.period_to', '>=', date)
      .execute(),
  ]);
  const locked = new Set(sheets.map((s) => s.worker));
  const previousFrom = addDays(date, -PREVIOUS_DAYS);
  const rows = workers.map((worker): MusterRow => {
    const mark = today.find((m) => m.worker === worker.id && m.site_id === siteId);
    const elsewhere = today
      .filter((m) => m.worker === worker.id && m.site_id !== siteId)
      .reduce((sum, m) => sum + m.fraction, 0);
    const previous = recent
      .filter((m) => m.worker === worker.id && m.date < date && m.date >= previousFrom)
      .at(-1);
    return {
      worker: worker.id,
      worker_site: worker.site_id,
      name: worker.name,
      trade: worker.trade,
      headcount: worker.headcount,
      labour_contractor: worker.labour_contractor,
      fraction: mark ? fromMilli(mark.fraction) : null,
      ot_hours: mark ? fromMilli(mark.ot_hours) : 0,
      marked_headcount: mark?.headcount ?? null,
      previous: previous
        ? {
            date: previous.date,
            fraction: fromMilli(previous.fraction),
            ot_hours: fromMilli(previous.ot_hours),
            headcount: previous.headcount,
          }
        : null,
      elsewhere: fromMilli(elsewhere),
      locked: locked.has(worker.id) || Boolean(mark?.wage_sheet),
    };
  });
  const marked = today.filter((m) => m.site_id === siteId);
  return {
    date,
    rows,
    totals: {
      marked: marked.length,
      present: marked.filter((m) => m.fraction > 0).reduce((sum, m) => sum + (m.headcount ?? 1), 0),
      man_days: fromMilli(marked.reduce((sum, m) => sum + manDaysOf(m), 0)),
    },
  };
}

/**
 * GET …/workers/lendable: active workers of the caller's other sites where the caller may create
 * records — whom this site may borrow and mark (API.md: "when the caller can create records on
 * both").
 */
export async function lendableWorkers(scope: SiteScope) {
  const db = scope.ctx.db.kysely;
  const sites = await db
    .selectFrom('site_users')
    .innerJoin('sites', 'sites.id', 'site_users.site_id')
    .select(['sites.id', 'sites.name', 'site_users.role'])
    .where('site_users.user_id', '=', scope.userId)
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .where('sites.id', '!=', scope.siteId)
    .execute();
  const allowed = sites.filter((s) => hasPermission(s.role as Role, 'canCreate'));
  if (allowed.length === 0) return { items: [] };
  const names = new Map(allowed.map((s) => [s.id, s.name]));
  const workers = await db
    .selectFrom('workers')
    .select(['id', 'name', 'trade', 'site_id'])
    .where(
      'site_id',
      'in',
      allowed.map((s) => s.id),
    )
    .where('active', '=', 1)
    .where('headcount', 'is', null)
    .orderBy('name')
    .limit(500)
    .execute();
  return {
    items: workers.map((w) => ({
      id: w.id,
      name: w.name,
      trade: w.trade,
      site: w.site_id,
      site_name: names.get(w.site_id) ?? '',
    })),
  };
}
