import {
  consumptionView,
  lineTotalPaise,
  rateToStored,
  toMilli,
  toPaise,
  type BudgetHead,
  type BudgetLine,
  type BudgetLineCreate,
  type BudgetLineListQuery,
  type BudgetLineUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { newId, nowIso } from '../../db/ids.js';
import type { BudgetLinesTable, Database } from '../../db/schema.js';
import { anyRowWhere, siteRows } from '../../db/site-rows.js';
import { AppError } from '../../platform/errors.js';
import { recordService } from '../../platform/record-service.js';
import { apiFields, figures, rupees } from '../../platform/record-shape.js';
import { qty } from '@siteledger/domain';
import { refreshBudgetLines } from './budget-figures.js';

type Row = BudgetLinesTable;
type Trx = Transaction<Database>;
export const lineRows = siteRows('budget_lines');

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code: 'invalid', message } });
}

/** The budget: quantity × unit rate when both are given (API.md), else the amount sent. */
function budgetOf(input: {
  quantity?: number | null | undefined;
  unit_rate?: number | null | undefined;
  amount?: number | null | undefined;
}): number {
  if (input.quantity != null && input.unit_rate != null) {
    return lineTotalPaise(toMilli(input.quantity), toPaise(input.unit_rate));
  }
  if (input.amount == null) throw invalid('amount', 'Give the amount, or a quantity and a rate');
  return toPaise(input.amount);
}

async function checkItem(trx: Trx, siteId: string, item: string | null | undefined) {
  if (!item) return;
  const row = await trx
    .selectFrom('items')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', item)
    .executeTakeFirst();
  if (!row) {
    throw new AppError('VALIDATION_FAILED', {
      item: { code: 'invalid_reference', message: 'Item not found' },
    });
  }
}

/** Lines with remaining, the quantity view of a material line and the revisions. */
export async function shapeLines(db: Executor, rows: readonly Row[]): Promise<BudgetLine[]> {
  const ids = rows.map((r) => r.id);
  const siteIds = [...new Set(rows.map((r) => r.site_id))];
  const [revisions, sites] = await Promise.all([
    ids.length
      ? db
          .selectFrom('budget_line_revisions')
          .selectAll()
          .where('budget_line', 'in', ids)
          .orderBy('created')
          .execute()
      : [],
    siteIds.length
      ? db
          .selectFrom('sites')
          .select(['id', 'consumption_flag_percent'])
          .where('id', 'in', siteIds)
          .execute()
      : [],
  ]);
  const flagOf = new Map(sites.map((s) => [s.id, Number(s.consumption_flag_percent) / 100]));
  return rows.map((row) => {
    const view =
      row.item !== null && row.quantity !== null
        ? consumptionView(
            Number(row.quantity),
            Number(row.percent_complete ?? 0),
            Number(row.consumed),
            flagOf.get(row.site_id) ?? 110,
          )
        : null;
    return {
      id: row.id,
      site: row.site_id,
      head: row.head as BudgetHead,
      name: row.name,
      item: row.item,
      ...apiFields('budget_lines', row, ['quantity', 'unit_rate', 'amount', 'original_amount']),
      ...apiFields('budget_lines', row, ['percent_complete']),
      notes: row.notes,
      ...apiFields('budget_lines', row, ['committed', 'actual']),
      ...rupees({ remaining: Number(row.amount) - Number(row.committed) - Number(row.actual) }),
      quantity_view: view
        ? {
            ...figures({
              budget: [qty(), Number(row.quantity)],
              ordered: [qty(), Number(row.ordered)],
              received: [qty(), Number(row.received)],
              consumed: [qty(), Number(row.consumed)],
            }),
            consumption_variance: view.percent === null ? null : view.variance_milli / 1000,
            consumption_percent: view.percent,
            flag: view.flag,
          }
        : null,
      revisions: revisions
        .filter((r) => r.budget_line === row.id)
        .map((r) => ({
          id: r.id,
          ...apiFields('budget_line_revisions', r, ['old_amount', 'new_amount']),
          ...apiFields('budget_line_revisions', r, ['old_quantity', 'new_quantity']),
          reason: r.reason,
          changed_by: r.created_by,
          created: r.created,
        })),
      created_by: row.created_by,
      created: row.created,
      updated: row.updated,
    };
  });
}

/**
 * Budget lines (API.md "Budgets") on the generic record service: owners write them; a change of
 * the budget keeps a revision (the original stays on the line); the figures are re-summed from
 * their sources when the line is written (its item may have changed) and by every write that
 * moves them (budget-events.ts).
 */
export const budgetLines = recordService<
  Row,
  BudgetLine,
  BudgetLineCreate,
  BudgetLineUpdate,
  BudgetLineListQuery
>('budget_lines', {
  noun: 'Budget line',
  find: lineRows.find,
  lock: lineRows.lock,
  shape: (scope, list) => shapeLines(scope.ctx.db.kysely, list),
  list: { query: (db) => db.selectFrom('budget_lines').selectAll() },
  create: {
    validate: (trx, { siteId }, input) => checkItem(trx, siteId, input.item),
    insert: async (trx, { siteId, userId }, input, id, now) => {
      const amount = budgetOf(input);
      await lineRows.insert(trx, {
        id,
        site_id: siteId,
        head: input.head,
        name: input.name,
        item: input.item ?? null,
        quantity: input.quantity == null ? null : toMilli(input.quantity),
        unit_rate: input.unit_rate == null ? null : toPaise(input.unit_rate),
        amount,
        original_amount: amount,
        percent_complete:
          input.percent_complete == null ? null : rateToStored(input.percent_complete),
        notes: input.notes || null,
        committed: 0,
        actual: 0,
        ordered: 0,
        received: 0,
        consumed: 0,
        created_by: userId,
        created: now,
        updated: now,
      });
    },
    after: (trx, { siteId }) => refreshBudgetLines(trx, siteId),
  },
  update: {
    changes: async (trx, { siteId, userId }, row, input) => {
      if (input.item !== undefined) await checkItem(trx, siteId, input.item);
      const changes: Partial<Row> = { updated: nowIso() };
      if (input.head !== undefined) changes.head = input.head;
      if (input.name !== undefined) changes.name = input.name;
      if (input.item !== undefined) changes.item = input.item ?? null;
      if (input.notes !== undefined) changes.notes = input.notes || null;
      if (input.percent_complete !== undefined)
        changes.percent_complete =
          input.percent_complete === null ? null : rateToStored(input.percent_complete);
      const moves =
        input.quantity !== undefined || input.unit_rate !== undefined || input.amount !== undefined;
      if (!moves) return changes;
      const quantity =
        input.quantity !== undefined
          ? input.quantity
          : row.quantity === null
            ? null
            : Number(row.quantity) / 1000;
      const unitRate =
        input.unit_rate !== undefined
          ? input.unit_rate
          : row.unit_rate === null
            ? null
            : Number(row.unit_rate) / 100;
      const amount = budgetOf({
        quantity,
        unit_rate: unitRate,
        amount: input.amount !== undefined ? input.amount : Number(row.amount) / 100,
      });
      changes.quantity = quantity == null ? null : toMilli(quantity);
      changes.unit_rate = unitRate == null ? null : toPaise(unitRate);
      changes.amount = amount;
      if (amount !== Number(row.amount) || changes.quantity !== row.quantity) {
        const now = nowIso();
        await trx
          .insertInto('budget_line_revisions')
          .values({
            id: newId(),
            site_id: siteId,
            budget_line: row.id,
            old_amount: Number(row.amount),
            new_amount: amount,
            old_quantity: row.quantity,
            new_quantity: changes.quantity,
            reason: input.reason || null,
            created_by: userId,
            created: now,
            updated: now,
          })
          .execute();
      }
      return changes;
    },
    write: (trx, siteId, id, changes) => lineRows.update(trx, siteId, id, changes),
    after: (trx, { siteId }) => refreshBudgetLines(trx, siteId),
  },
  remove: {
    // A line that orders, bills or sheets name stays (their spend would lose its place).
    inUse: {
      entity: 'purchase orders',
      check: async (trx, _siteId, id) =>
        (await anyRowWhere(trx, 'purchase_order_lines', 'budget_line', id)) ||
        (await anyRowWhere(trx, 'work_order_lines', 'budget_line', id)) ||
        (await anyRowWhere(trx, 'service_bookings', 'budget_line', id)) ||
        (await anyRowWhere(trx, 'wage_sheets', 'budget_line', id)),
    },
    write: (trx, siteId, id) => lineRows.remove(trx, siteId, id),
    after: (trx, { siteId }) => refreshBudgetLines(trx, siteId),
  },
});
