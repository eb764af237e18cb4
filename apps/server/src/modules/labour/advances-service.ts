import {
  toPaise,
  type WorkerAdvance,
  type WorkerAdvanceCreate,
  type ListQuery,
} from '@siteledger/domain';
import type { z } from 'zod';
import type { zWorkerAdvanceUpdate } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../db/ids.js';
import type { WorkerAdvancesTable } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { recordService } from '../../platform/record-service.js';
import { apiFields } from '../../platform/record-shape.js';
import { postTransaction, removePostings } from '../accounts/account-postings.js';
import * as repo from './labour-repo.js';

type Row = WorkerAdvancesTable;
type Update = z.infer<typeof zWorkerAdvanceUpdate>;

async function shapeAdvances(db: Executor, rows: readonly Row[]): Promise<WorkerAdvance[]> {
  const names = new Map(
    (await repo.workersAmong(db, [...new Set(rows.map((r) => r.worker))])).map((w) => [w.id, w]),
  );
  return rows.map((row) => ({
    id: row.id,
    site: row.site_id,
    worker: row.worker,
    worker_name: names.get(row.worker)?.name ?? '',
    ...apiFields('worker_advances', row, ['amount']),
    advance_date: row.advance_date,
    account: row.account,
    notes: row.notes,
    created_by: row.created_by,
    created: row.created,
    updated: row.updated,
  }));
}

function unknownWorker(): AppError {
  return new AppError('VALIDATION_FAILED', {
    worker: { code: 'invalid_reference', message: 'Worker not found' },
  });
}

/**
 * Advances to workers (API.md "Labour"): the account is debited the amount (a transaction named
 * after the advance); the next wage sheet of the site deducts what is open. An advance a sheet has
 * deducted stays while that sheet exists.
 */
export const advances = recordService<Row, WorkerAdvance, WorkerAdvanceCreate, Update, ListQuery>(
  'worker_advances',
  {
    noun: 'Advance',
    find: repo.advanceRows.find,
    lock: repo.advanceRows.lock,
    shape: (scope, list) => shapeAdvances(scope.ctx.db.kysely, list),
    list: {
      query: (db) => db.selectFrom('worker_advances').selectAll(),
    },
    create: {
      validate: async (trx, { siteId }, input) => {
        if (!(await repo.workerRows.find(trx, siteId, input.worker))) throw unknownWorker();
      },
      insert: async (trx, { siteId, userId }, input, id, now) => {
        const row: Row = {
          id,
          site_id: siteId,
          worker: input.worker,
          amount: toPaise(input.amount),
          advance_date: input.advance_date,
          account: input.account,
          notes: input.notes || null,
          created_by: userId,
          created: now,
          updated: now,
        };
        await repo.advanceRows.insert(trx, row);
        await postTransaction(trx, {
          siteId,
          account: row.account,
          type: 'debit',
          amount: row.amount,
          date: row.advance_date,
          description: 'Advance to a worker',
          worker_advance: id,
          category: 'worker_advance',
          userId,
        });
      },
    },
    update: {
      changes: async (_trx, _scope, _row, input) => {
        const changes: Partial<Row> = { updated: nowIso() };
        if (input.notes !== undefined) changes.notes = input.notes || null;
        return changes;
      },
      write: (trx, siteId, id, changes) => repo.advanceRows.update(trx, siteId, id, changes),
    },
    remove: {
      before: async (trx, { siteId }, row) => {
        const { given, deducted } = await repo.advanceTotals(trx, siteId, row.worker);
        if (given - row.amount < deducted) {
          throw new AppError('RECORD_IN_USE', { entity: 'wage sheets' });
        }
        await removePostings(trx, siteId, { worker_advance: row.id });
      },
      write: (trx, siteId, id) => repo.advanceRows.remove(trx, siteId, id),
    },
  },
);
