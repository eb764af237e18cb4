/**
 * The SQL of the labour documents, and only SQL: a month's attendance on the site with its
 * workers, wage sheets ending in a month or one by id, their lines. Reads only; what is printed
 * is what the wage sheets stored (their figures are never worked out again here).
 */
import type { Executor } from '../../../db/executor.js';
import type { MusterEntry } from './muster-roll.js';

/** Every entry marked on the site between two dates, with the worker it marks (lent ones too). */
export async function attendanceOfPeriod(
  db: Executor,
  siteId: string,
  from: string,
  to: string,
): Promise<MusterEntry[]> {
  const rows = await db
    .selectFrom('attendance as a')
    .innerJoin('workers as w', 'w.id', 'a.worker')
    .select([
      'a.worker',
      'w.name',
      'w.trade',
      'w.headcount as gang_size',
      'a.date',
      'a.fraction',
      'a.ot_hours',
      'a.headcount',
    ])
    .where('a.site_id', '=', siteId)
    .where('a.date', '>=', from)
    .where('a.date', '<=', to)
    .orderBy('a.date')
    .execute();
  return rows.map(({ gang_size, ...row }) => ({ ...row, gang: gang_size !== null }));
}

/** A sheet's heading as the documents print it; money paise, quantities thousandths. */
export interface SheetHeading {
  id: string;
  number: string;
  period_from: string;
  period_to: string;
  status: 'draft' | 'approved' | 'paid';
  payment_date: string | null;
  account_name: string | null;
  contractor_name: string | null;
}

function sheetHeadings(db: Executor, siteId: string) {
  return db
    .selectFrom('wage_sheets as s')
    .leftJoin('accounts as acc', 'acc.id', 's.account')
    .leftJoin('vendors as v', 'v.id', 's.labour_contractor')
    .select([
      's.id',
      's.number',
      's.period_from',
      's.period_to',
      's.status',
      's.payment_date',
      'acc.name as account_name',
      'v.name as contractor_name',
    ])
    .where('s.site_id', '=', siteId);
}

/** The site's sheets whose period ends between two dates, in their order (WS-1, WS-2 …). */
export function sheetsEndingIn(
  db: Executor,
  siteId: string,
  from: string,
  to: string,
): Promise<SheetHeading[]> {
  return sheetHeadings(db, siteId)
    .where('s.period_to', '>=', from)
    .where('s.period_to', '<=', to)
    .orderBy('s.sequence')
    .execute();
}

/** One of the site's sheets, or undefined. */
export function findSheet(db: Executor, siteId: string, id: string) {
  return sheetHeadings(db, siteId).where('s.id', '=', id).executeTakeFirst();
}

/** A worker's line of a sheet, as stored when the sheet was made. */
export interface SheetLine {
  wage_sheet: string;
  worker: string;
  name: string;
  trade: string;
  daily_wage: number;
  man_days: number;
  ot_hours: number;
  wages: number;
  ot_amount: number;
  gross: number;
  advances: number;
  net: number;
}

/** The lines of some sheets (one worker's when `worker` is given); the caller orders them. */
export async function sheetLines(
  db: Executor,
  siteId: string,
  sheetIds: readonly string[],
  worker?: string,
): Promise<SheetLine[]> {
  if (sheetIds.length === 0) return [];
  let query = db
    .selectFrom('wage_sheet_lines')
    .select([
      'wage_sheet',
      'worker',
      'name',
      'trade',
      'daily_wage',
      'man_days',
      'ot_hours',
      'wages',
      'ot_amount',
      'gross',
      'advances',
      'net',
    ])
    .where('site_id', '=', siteId)
    .where('wage_sheet', 'in', sheetIds);
  if (worker) query = query.where('worker', '=', worker);
  return query.execute();
}
