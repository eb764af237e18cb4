import {
  DEFAULT_NORMAL_HOURS,
  toMilli,
  toPaise,
  type Worker,
  type WorkerCreate,
  type WorkerListQuery,
  type WorkerUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { anyRowWhere } from '../../db/site-rows.js';
import { checkVendorRef } from '../../db/site-refs.js';
import { parseFileList } from '../../platform/files.js';
import { recordService } from '../../platform/record-service.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import * as repo from './labour-repo.js';

type Row = repo.WorkerRow;

/** Workers with what they still owe back of their advances on this site. */
export async function shapeWorkers(
  db: Executor,
  siteId: string,
  rows: readonly Row[],
): Promise<Worker[]> {
  const open = await repo.openAdvances(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    name: row.name,
    trade: row.trade,
    ...apiFields('workers', row, ['daily_wage', 'normal_hours']),
    phone: row.phone,
    labour_contractor: row.labour_contractor,
    headcount: row.headcount,
    active: row.active === 1,
    notes: row.notes,
    photos: parseFileList(row.photos),
    ...rupees({ advance_balance: Math.max(0, open.get(row.id) ?? 0) }),
    created_by: row.created_by,
    created: row.created,
    updated: row.updated,
  }));
}

async function checkContractor(trx: Transaction<Database>, siteId: string, vendor?: string | null) {
  if (vendor) await checkVendorRef(trx, siteId, vendor);
}

/** Workers (API.md "Labour") on the generic record service: supervisors add them too. */
export const workers = recordService<Row, Worker, WorkerCreate, WorkerUpdate, WorkerListQuery>(
  'workers',
  {
    noun: 'Worker',
    find: repo.workerRows.find,
    lock: repo.workerRows.lock,
    shape: (scope, list) => shapeWorkers(scope.ctx.db.kysely, scope.siteId, list),
    list: {
      query: (db, query) => {
        let base = db.selectFrom('workers').selectAll();
        if (query.active) base = base.where('active', '=', query.active === 'true' ? 1 : 0);
        return base;
      },
    },
    create: {
      validate: (trx, { siteId }, input) => checkContractor(trx, siteId, input.labour_contractor),
      insert: async (trx, { siteId, userId }, input, id, now) => {
        await repo.workerRows.insert(trx, {
          id,
          site_id: siteId,
          name: input.name,
          trade: input.trade,
          daily_wage: toPaise(input.daily_wage),
          normal_hours: toMilli(input.normal_hours ?? DEFAULT_NORMAL_HOURS),
          phone: input.phone || null,
          labour_contractor: input.labour_contractor ?? null,
          headcount: input.headcount ?? null,
          active: input.active === false ? 0 : 1,
          notes: input.notes || null,
          photos: '[]',
          created_by: userId,
          created: now,
          updated: now,
        });
      },
    },
    update: {
      // A wage changed later pays from the next sheet: a sheet keeps the wage it was made with.
      changes: async (trx, { siteId }, _row, input) => {
        if (input.labour_contractor !== undefined) {
          await checkContractor(trx, siteId, input.labour_contractor);
        }
        const changes: Partial<Row> = { updated: nowIso() };
        if (input.name !== undefined) changes.name = input.name;
        if (input.trade !== undefined) changes.trade = input.trade;
        if (input.daily_wage !== undefined) changes.daily_wage = toPaise(input.daily_wage);
        if (input.normal_hours !== undefined) changes.normal_hours = toMilli(input.normal_hours);
        if (input.phone !== undefined) changes.phone = input.phone || null;
        if (input.labour_contractor !== undefined)
          changes.labour_contractor = input.labour_contractor ?? null;
        if (input.headcount !== undefined) changes.headcount = input.headcount ?? null;
        if (input.active !== undefined) changes.active = input.active ? 1 : 0;
        if (input.notes !== undefined) changes.notes = input.notes || null;
        return changes;
      },
      write: (trx, siteId, id, changes) => repo.workerRows.update(trx, siteId, id, changes),
    },
    remove: {
      // Marked, advanced or paid: kept for the books (set active false to take him off the muster).
      inUse: {
        entity: 'attendance',
        check: async (trx, _siteId, id) =>
          (await anyRowWhere(trx, 'attendance', 'worker', id)) ||
          (await anyRowWhere(trx, 'worker_advances', 'worker', id)) ||
          (await anyRowWhere(trx, 'wage_sheet_lines', 'worker', id)),
      },
      write: (trx, siteId, id) => repo.workerRows.remove(trx, siteId, id),
      committed: ({ ctx, siteId }, row) => ctx.files.removeMany(siteId, parseFileList(row.photos)),
    },
  },
);
