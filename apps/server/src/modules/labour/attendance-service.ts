import {
  hasPermission,
  ONE_DAY_MILLI,
  qty,
  toMilli,
  type Attendance,
  type AttendanceCreate,
  type AttendanceQuery,
  type AttendanceReply,
  type Role,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { claimIdempotencyKey } from '../../platform/idempotency.js';
import type { Page } from '../../platform/list.js';
import { listShaped, listSpecOf } from '../../platform/list-shaped.js';
import { apiFields, figures } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import { memberRole } from '../deliveries/deliveries-repo.js';
import * as repo from './labour-repo.js';

type Trx = Transaction<Database>;

/** fraction × headcount (a person counts 1): the man-days a mark is worth, thousandths. */
export function manDaysOf(mark: { fraction: number; headcount: number | null }): number {
  return mark.headcount === null ? mark.fraction : mark.fraction * mark.headcount;
}

/** Marks as the API shows them, with the worker's name, trade and own site. */
export async function shapeMarks(
  db: Executor,
  rows: readonly repo.AttendanceRow[],
): Promise<Attendance[]> {
  const workers = new Map(
    (await repo.workersAmong(db, [...new Set(rows.map((r) => r.worker))])).map((w) => [w.id, w]),
  );
  return rows.map((row) => {
    const worker = workers.get(row.worker);
    return {
      id: row.id,
      site: row.site_id,
      worker: row.worker,
      worker_site: worker?.site_id ?? row.site_id,
      worker_name: worker?.name ?? '',
      trade: worker?.trade ?? '',
      date: row.date,
      ...apiFields('attendance', row, ['fraction', 'ot_hours']),
      headcount: row.headcount,
      ...figures({ man_days: [qty(), manDaysOf(row)] }),
      wage_sheet: row.wage_sheet,
      created_by: row.created_by,
      created: row.created,
      updated: row.updated,
    };
  });
}

function invalidWorker(index: number, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    [`entries.${index}.worker`]: { code: 'invalid_reference', message },
  });
}

/**
 * The workers named, locked: this site's, or another site's where the caller may create records
 * too (a worker lent by another site of the same owner). Anything else is refused by entry.
 */
async function lockNamedWorkers(
  trx: Trx,
  scope: SiteScope,
  input: AttendanceCreate,
): Promise<Map<string, repo.WorkerRow>> {
  const ids = input.entries.map((e) => e.worker);
  const workers = new Map((await repo.lockWorkers(trx, ids)).map((w) => [w.id, w]));
  const roles = new Map<string, Role | null>();
  for (const [index, entry] of input.entries.entries()) {
    const worker = workers.get(entry.worker);
    if (!worker) throw invalidWorker(index, 'Worker not found');
    if (worker.site_id === scope.siteId) continue;
    if (!roles.has(worker.site_id)) {
      const member = await memberRole(trx, worker.site_id, scope.userId);
      roles.set(worker.site_id, member && !member.twoStepMissing ? (member.role as Role) : null);
    }
    const role = roles.get(worker.site_id);
    if (!role || !hasPermission(role, 'canCreate')) {
      throw invalidWorker(index, 'This worker is on a site where you cannot record attendance');
    }
  }
  return workers;
}

/**
 * POST …/attendance (API.md "Labour"): each entry replaces the worker's mark on this site and
 * date, in one transaction. A person's fractions over all sites on the date may not pass one day
 * (judged under his row's lock: of two sites marking him at once, the second sees the first); a
 * mark counted by a wage sheet does not change. A repeated Idempotency-Key answers the day's
 * marks as they are and writes nothing: a phone's queued muster sent twice counts once.
 */
export async function markAttendance(
  scope: SiteScope,
  input: AttendanceCreate,
  idempotencyKey: string | null,
): Promise<AttendanceReply> {
  const { ctx, siteId, userId } = scope;
  const ids = input.entries.map((e) => e.worker);
  const rows = await ctx.db.kysely.transaction().execute(async (trx) => {
    const earlier = await claimIdempotencyKey(trx, siteId, idempotencyKey, 'attendance', newId());
    const workers = await lockNamedWorkers(trx, scope, input);
    if (earlier) return currentMarks(trx, siteId, input.date, ids);
    const marks = await repo.marksOn(trx, ids, input.date);
    const now = nowIso();
    for (const entry of input.entries) {
      const worker = workers.get(entry.worker)!;
      const fraction = toMilli(entry.fraction);
      const headcount = worker.headcount === null ? null : (entry.headcount ?? worker.headcount);
      const mine = marks.find((m) => m.worker === entry.worker && m.site_id === siteId);
      await refuseLocked(trx, siteId, entry.worker, input.date, mine);
      if (worker.headcount === null)
        refuseOverOneDay(marks, siteId, entry.worker, input.date, fraction);
      const values = { fraction, ot_hours: toMilli(entry.ot_hours ?? 0), headcount };
      if (mine) {
        const audit = await auditStart(trx, {
          entity: 'attendance',
          siteId,
          id: mine.id,
          action: 'update',
        });
        await repo.attendanceRows.update(trx, siteId, mine.id, { ...values, updated: now });
        await audit.finish();
      } else {
        const row: repo.AttendanceRow = {
          id: newId(),
          site_id: siteId,
          worker: entry.worker,
          date: input.date,
          ...values,
          wage_sheet: null,
          created_by: userId,
          created: now,
          updated: now,
        };
        await repo.attendanceRows.insert(trx, row);
        await auditCreated(trx, 'attendance', siteId, row.id, { ...row });
      }
    }
    return currentMarks(trx, siteId, input.date, ids);
  });
  return { items: await shapeMarks(ctx.db.kysely, rows) };
}

async function currentMarks(trx: Trx, siteId: string, date: string, ids: readonly string[]) {
  const marks = await repo.marksOn(trx, ids, date);
  const order = new Map(ids.map((id, i) => [id, i]));
  return marks
    .filter((m) => m.site_id === siteId)
    .sort((a, b) => order.get(a.worker)! - order.get(b.worker)!);
}

async function refuseLocked(
  trx: Trx,
  siteId: string,
  worker: string,
  date: string,
  mine: repo.AttendanceRow | undefined,
): Promise<void> {
  const sheet = mine?.wage_sheet
    ? await trx
        .selectFrom('wage_sheets')
        .select(['id', 'number'])
        .where('id', '=', mine.wage_sheet)
        .executeTakeFirst()
    : await repo.lockingSheet(trx, siteId, worker, date);
  if (sheet) {
    throw new AppError('WAGE_SHEET_LOCKED', {
      worker,
      date,
      sheet: sheet.number,
      wage_sheet: sheet.id,
    });
  }
}

/** A person's marks on the other sites plus this one may not pass a full day. */
function refuseOverOneDay(
  marks: readonly repo.AttendanceRow[],
  siteId: string,
  worker: string,
  date: string,
  fraction: number,
): void {
  const elsewhere = marks.filter((m) => m.worker === worker && m.site_id !== siteId);
  const total = elsewhere.reduce((sum, m) => sum + m.fraction, 0) + fraction;
  if (total <= ONE_DAY_MILLI) return;
  const marked = elsewhere.map((m) => ({ site: m.site_id, fraction: m.fraction / 1000 }));
  throw new AppError('ATTENDANCE_OVER_ONE_DAY', {
    worker,
    date,
    marked,
    marked_total: marked.reduce((sum, m) => sum + m.fraction, 0),
  });
}

const LIST = listSpecOf('attendance');

/** GET …/attendance?from&to&worker&date: this site's marks. */
export function listAttendance(
  scope: SiteScope,
  query: AttendanceQuery,
): Promise<Page<Attendance>> {
  const db = scope.ctx.db.kysely;
  let base = db.selectFrom('attendance').selectAll();
  if (query.date) base = base.where('date', '=', query.date);
  return listShaped(scope, base, LIST, query, (rows) => shapeMarks(db, rows));
}
