import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';
import type { AttendanceTable, WorkersTable } from '../../db/schema.js';
import { siteRows } from '../../db/site-rows.js';

/** Labour's SQL (API.md "Labour"): workers, attendance, advances. */
export type WorkerRow = WorkersTable;
export type AttendanceRow = AttendanceTable;

export const workerRows = siteRows('workers');
export const attendanceRows = siteRows('attendance');
export const advanceRows = siteRows('worker_advances');

/**
 * Workers by id on any site, locked in id order (PostgreSQL): a person's marks over all sites are
 * judged under his row's lock, so two sites marking him at once are judged one after the other.
 */
export function lockWorkers(db: Executor, ids: readonly string[]): Promise<WorkerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return forUpdate(
    db,
    db
      .selectFrom('workers')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id'),
  ).execute();
}

export function workersAmong(db: Executor, ids: readonly string[]): Promise<WorkerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('workers')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Every mark of these workers on one date, on every site. */
export function marksOn(
  db: Executor,
  workers: readonly string[],
  date: string,
): Promise<AttendanceRow[]> {
  if (workers.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('attendance')
    .selectAll()
    .where('worker', 'in', [...workers])
    .where('date', '=', date)
    .execute();
}

/** A site's marks in a period (both dates counted). */
export function siteMarks(
  db: Executor,
  siteId: string,
  from: string,
  to: string,
): Promise<AttendanceRow[]> {
  return db
    .selectFrom('attendance')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}

/**
 * The wage sheets of this site whose period covers `date` and that count `worker`: his mark on
 * that date cannot change while one exists (WAGE_SHEET_LOCKED).
 */
export async function lockingSheet(
  db: Executor,
  siteId: string,
  worker: string,
  date: string,
): Promise<{ id: string; number: string } | undefined> {
  return db
    .selectFrom('wage_sheets')
    .innerJoin('wage_sheet_lines', 'wage_sheet_lines.wage_sheet', 'wage_sheets.id')
    .select(['wage_sheets.id', 'wage_sheets.number'])
    .where('wage_sheets.site_id', '=', siteId)
    .where('wage_sheet_lines.worker', '=', worker)
    .where('wage_sheets.period_from', '<=', date)
    .where('wage_sheets.period_to', '>=', date)
    .executeTakeFirst();
}

/** Advances given on this site to each worker, less what wage sheets deducted. */
export async function openAdvances(
  db: Executor,
  siteId: string,
  workers: readonly string[],
  upTo?: string,
): Promise<Map<string, number>> {
  const open = new Map<string, number>();
  if (workers.length === 0) return open;
  let given = db
    .selectFrom('worker_advances')
    .select(['worker', sql<number>`coalesce(sum(amount), 0)`.as('amount')])
    .where('site_id', '=', siteId)
    .where('worker', 'in', [...workers])
    .groupBy('worker');
  if (upTo) given = given.where('advance_date', '<=', upTo);
  const deducted = await db
    .selectFrom('wage_sheet_lines')
    .select(['worker', sql<number>`coalesce(sum(advances), 0)`.as('amount')])
    .where('site_id', '=', siteId)
    .where('worker', 'in', [...workers])
    .groupBy('worker')
    .execute();
  for (const row of await given.execute()) open.set(row.worker, Number(row.amount));
  for (const row of deducted) {
    open.set(row.worker, (open.get(row.worker) ?? 0) - Number(row.amount));
  }
  return open;
}

/** Σ advances of a worker on this site and Σ deducted by sheets (an advance deducted stays). */
export async function advanceTotals(
  db: Executor,
  siteId: string,
  worker: string,
): Promise<{ given: number; deducted: number }> {
  const [given, deducted] = await Promise.all([
    db
      .selectFrom('worker_advances')
      .select(sql<number>`coalesce(sum(amount), 0)`.as('amount'))
      .where('site_id', '=', siteId)
      .where('worker', '=', worker)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('wage_sheet_lines')
      .select(sql<number>`coalesce(sum(advances), 0)`.as('amount'))
      .where('site_id', '=', siteId)
      .where('worker', '=', worker)
      .executeTakeFirstOrThrow(),
  ]);
  return { given: Number(given.amount), deducted: Number(deducted.amount) };
}
