import {
  imprestBalance,
  toPaise,
  type Imprest,
  type ImprestCreate,
  type ImprestListQuery,
  type ImprestReplenish,
  type ImprestUpdate,
} from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { newId, nowIso } from '../../db/ids.js';
import type { ImprestsTable } from '../../db/schema.js';
import { anyRowWhere } from '../../db/site-rows.js';
import { recordAuditEntry } from '../../platform/audit.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordService } from '../../platform/record-service.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import {
  lockPostableAccount,
  postTransaction,
  removePostings,
} from '../accounts/account-postings.js';
import * as repo from './petty-repo.js';

type Row = ImprestsTable;

async function shapeImprests(db: Executor, rows: readonly Row[]): Promise<Imprest[]> {
  const ids = rows.map((r) => r.id);
  const [spend, last, names] = await Promise.all([
    repo.spendOf(db, ids),
    repo.lastReplenished(db, ids),
    repo.namesOf(db, [...new Set(rows.map((r) => r.holder))]),
  ]);
  return rows.map((row) => {
    const s = spend.get(row.id) ?? { approved: 0, pending: 0 };
    const figures = imprestBalance(Number(row.amount), s.approved, s.pending);
    return {
      id: row.id,
      site: row.site_id,
      holder: row.holder,
      holder_name: names.get(row.holder) ?? null,
      ...apiFields('imprests', row, ['amount']),
      issued_date: row.issued_date,
      account: row.account,
      notes: row.notes,
      ...rupees({
        approved_spend: s.approved,
        pending_spend: s.pending,
        balance: figures.balance,
        replenishment_due: figures.replenishment_due,
      }),
      last_replenished: last.get(row.id) ?? null,
      created_by: row.created_by,
      created: row.created,
      updated: row.updated,
    };
  });
}

/**
 * Imprests (API.md "Petty cash"): issuing one debits the account its level (a transaction named
 * after it); its balance is the level less what was approved and what waits since the last
 * replenishment. An imprest with expenses stays.
 */
export const imprests = recordService<Row, Imprest, ImprestCreate, ImprestUpdate, ImprestListQuery>(
  'imprests',
  {
    noun: 'Imprest',
    find: repo.imprestRows.find,
    lock: repo.imprestRows.lock,
    shape: (scope, list) => shapeImprests(scope.ctx.db.kysely, list),
    list: { query: (db) => db.selectFrom('imprests').selectAll() },
    create: {
      validate: async (trx, { siteId }, input) => {
        if ((await repo.memberName(trx, siteId, input.holder)) === undefined) {
          throw new AppError('VALIDATION_FAILED', {
            holder: { code: 'invalid_reference', message: 'Not a member of this site' },
          });
        }
        await lockPostableAccount(trx, siteId, input.account);
      },
      insert: async (trx, { siteId, userId }, input, id, now) => {
        const row: Row = {
          id,
          site_id: siteId,
          holder: input.holder,
          amount: toPaise(input.amount),
          issued_date: input.issued_date,
          account: input.account,
          notes: input.notes || null,
          created_by: userId,
          created: now,
          updated: now,
        };
        await repo.imprestRows.insert(trx, row);
        await postTransaction(
          trx,
          {
            siteId,
            account: row.account,
            type: 'debit',
            amount: row.amount,
            date: row.issued_date,
            description: 'Petty cash issued',
            imprest: id,
            category: 'imprest',
            userId,
          },
          { accountChecked: true },
        );
      },
    },
    update: {
      changes: (_trx, _scope, _row, input) => {
        const changes: Partial<Row> = { updated: nowIso() };
        if (input.notes !== undefined) changes.notes = input.notes || null;
        return Promise.resolve(changes);
      },
      write: (trx, siteId, id, changes) => repo.imprestRows.update(trx, siteId, id, changes),
    },
    remove: {
      inUse: {
        entity: 'petty expenses',
        check: (trx, _siteId, id) => anyRowWhere(trx, 'petty_expenses', 'imprest', id),
      },
      before: (trx, { siteId }, row) => removePostings(trx, siteId, { imprest: row.id }),
      write: (trx, siteId, id) => repo.imprestRows.remove(trx, siteId, id),
    },
  },
);

/**
 * POST …/imprests/{id}/replenish: the account is debited what was approved since the last
 * replenishment (one transaction named after the replenishment), those expenses are marked paid
 * back, and a new period starts. Nothing approved → 400 NOTHING_TO_PAY. The trail keeps it on
 * the imprest (what was paid back, from which account, the balance before and after) and on each
 * expense (its `replenishment`), in the same transaction.
 */
export async function replenishImprest(
  scope: SiteScope,
  id: string,
  input: ImprestReplenish,
): Promise<Imprest> {
  const { ctx, siteId, userId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // The imprest's lock holds off an approval landing between the sum and the marking.
    const row = await repo.imprestRows.lock(trx, siteId, id);
    if (!row) throw notFound('Imprest');
    await lockPostableAccount(trx, siteId, input.account);
    const paid = await trx
      .selectFrom('petty_expenses')
      .select(['id', 'amount'])
      .where('imprest', '=', id)
      .where('status', '=', 'approved')
      .where('replenishment', 'is', null)
      .orderBy('id')
      .execute();
    const due = paid.reduce((sum, e) => sum + Number(e.amount), 0);
    if (due <= 0) throw new AppError('NOTHING_TO_PAY', { variant: 'imprest' });
    const pending = (await repo.spendOf(trx, [id])).get(id)?.pending ?? 0;
    const now = nowIso();
    const replenishment = newId();
    await repo.replenishmentRows.insert(trx, {
      id: replenishment,
      site_id: siteId,
      imprest: id,
      amount: due,
      replenish_date: input.date,
      account: input.account,
      created_by: userId,
      created: now,
      updated: now,
    });
    // The same rows as `paid`: under the imprest's lock nothing is approved or entered meanwhile.
    await trx
      .updateTable('petty_expenses')
      .set({ replenishment, updated: now })
      .where('imprest', '=', id)
      .where('status', '=', 'approved')
      .where('replenishment', 'is', null)
      .execute();
    await postTransaction(
      trx,
      {
        siteId,
        account: input.account,
        type: 'debit',
        amount: due,
        date: input.date,
        description: 'Petty cash replenished',
        imprest_replenishment: replenishment,
        category: 'imprest',
        userId,
      },
      { accountChecked: true },
    );
    await repo.imprestRows.update(trx, siteId, id, { updated: now });
    const level = Number(row.amount);
    const money = rupees({
      due,
      before: imprestBalance(level, due, pending).balance,
      after: imprestBalance(level, 0, pending).balance,
    });
    await recordAuditEntry(
      trx,
      { entity: 'imprests', siteId, id, action: 'update' },
      {
        replenishment: { old: null, new: replenishment },
        replenished_amount: { old: null, new: money.due },
        replenished_from: { old: null, new: input.account },
        replenished_date: { old: null, new: input.date },
        balance: { old: money.before, new: money.after },
        replenishment_due: { old: money.due, new: 0 },
      },
    );
    for (const expense of paid) {
      await recordAuditEntry(
        trx,
        { entity: 'petty_expenses', siteId, id: expense.id, action: 'update' },
        { replenishment: { old: null, new: replenishment } },
      );
    }
  });
  return imprests.get(scope, id);
}
