import { siteCondition } from '../../db/site-scope.js';
import {
  budgetRemaining,
  consumptionView,
  forecastAtCompletion,
  lineTotalPaise,
  rateToStored,
  toMilli,
  toPaise,
  type BudgetHead,
  type BudgetLine,
  type BudgetLineCreate,
  type BudgetLineListQuery,
  type BudgetLineUpdate,
  type Role,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { newId, nowIso } from '../../db/ids.js';
import type { BudgetLinesTable, Database } from '../../db/schema.js';
import { anyRowWhere, siteRows } from '../../db/site-rows.js';
import { auditCreated } from '../../platform/audit.js';
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
    .where(siteCondition('items', 'items.site_id', siteId))
    .where('id', '=', item)
    .executeTakeFirst();
  if (!row) {
    throw new AppError('VALIDATION_FAILED', {
      item: { code: 'invalid_reference', message: 'Item not found' },
    });
  }
}

/** A stored line's forecast at completion (paise). */
export function forecastOf(
  row: Pick<
    Row,
    | 'amount'
    | 'committed'
    | 'actual'
    | 'percent_complete'
    | 'item'
    | 'quantity'
    | 'on_order'
    | 'received'
    | 'consumed'
  >,
): number {
  return forecastAtCompletion({
    budget: Number(row.amount),
    committed: Number(row.committed),
    actual: Number(row.actual),
    percentComplete: row.percent_complete === null ? null : Number(row.percent_complete),
    quantity:
      row.item !== null && row.quantity !== null
        ? {
            budget: Number(row.quantity),
            consumed: Number(row.consumed),
            covered: Number(row.received) + Number(row.on_order),
          }
        : null,
  });
}

/** What a caller sees of budget lines (zBudgetLine `view`). */
export type BudgetView = 'full' | 'quantities' | 'names';

/** Owners and accountants see every figure; a supervisor what the site's owner allows. */
export function budgetViewOf(role: Role, supervisorView: string): BudgetView {
  if (role !== 'supervisor') return 'full';
  return supervisorView === 'quantities' ? 'quantities' : 'names';
}

/**
 * Lines with remaining and forecast, the quantity view of a material line and the revisions (with
 * their authors' names), as the caller's role may see them: money only in the `full` view
 * (`role` absent: the server's own reads, full).
 */
export async function shapeLines(
  db: Executor,
  rows: readonly Row[],
  role?: Role,
): Promise<BudgetLine[]> {
  const ids = rows.map((r) => r.id);
  const siteIds = [...new Set(rows.map((r) => r.site_id))];
  const [revisions, sites] = await Promise.all([
    ids.length
      ? db
          .selectFrom('budget_line_revisions as r')
          .leftJoin('users as u', 'u.id', 'r.created_by')
          .selectAll('r')
          .select('u.name as changed_by_name')
          .where('r.budget_line', 'in', ids)
          .orderBy('r.created')
          .execute()
      : [],
    siteIds.length
      ? db
          .selectFrom('sites')
          .select(['id', 'consumption_flag_percent', 'supervisor_budget_view'])
          .where('id', 'in', siteIds)
          .execute()
      : [],
  ]);
  const siteOf = new Map(sites.map((s) => [s.id, s]));
  return rows.map((row): BudgetLine => {
    const site = siteOf.get(row.site_id);
    const view = role ? budgetViewOf(role, site?.supervisor_budget_view ?? 'none') : 'full';
    const consumption =
      row.item !== null && row.quantity !== null
        ? consumptionView(
            Number(row.quantity),
            Number(row.percent_complete ?? 0),
            Number(row.consumed),
            site ? Number(site.consumption_flag_percent) / 100 : 110,
          )
        : null;
    const budget = Number(row.amount);
    const committed = Number(row.committed);
    const actual = Number(row.actual);
    const quantity = Number(row.quantity);
    // Bought or still coming: received (PO or not) and open PO lines' unreceived quantity.
    const covered = Number(row.received) + Number(row.on_order);
    const full = {
      ...apiFields('budget_lines', row, ['unit_rate', 'amount', 'original_amount']),
      ...apiFields('budget_lines', row, ['committed', 'actual']),
      ...rupees({
        remaining: budgetRemaining(budget, committed, actual),
        forecast: forecastOf(row),
      }),
    };
    const leftToBuy = quantity - covered;
    return {
      id: row.id,
      site: row.site_id,
      head: row.head as BudgetHead,
      name: row.name,
      item: row.item,
      view,
      ...(view === 'names' ? { quantity: null } : apiFields('budget_lines', row, ['quantity'])),
      ...(view === 'full'
        ? full
        : {
            unit_rate: null,
            amount: null,
            original_amount: null,
            committed: null,
            actual: null,
            remaining: null,
            forecast: null,
          }),
      ...apiFields('budget_lines', row, ['percent_complete']),
      notes: view === 'full' ? row.notes : null,
      quantity_view:
        consumption && view !== 'names'
          ? {
              ...figures({
                budget: [qty(), quantity],
                ordered: [qty(), Number(row.ordered)],
                received: [qty(), Number(row.received)],
                consumed: [qty(), Number(row.consumed)],
                on_order: [qty(), Number(row.on_order)],
                remaining: [qty(), leftToBuy],
              }),
              consumption_variance:
                consumption.percent === null ? null : consumption.variance_milli / 1000,
              consumption_percent: consumption.percent,
              flag: consumption.flag,
            }
          : null,
      revisions:
        view === 'full'
          ? revisions
              .filter((r) => r.budget_line === row.id)
              .map((r) => ({
                id: r.id,
                ...apiFields('budget_line_revisions', r, ['old_amount', 'new_amount']),
                ...apiFields('budget_line_revisions', r, ['old_quantity', 'new_quantity']),
                reason: r.reason,
                changed_by: r.created_by,
                changed_by_name: r.changed_by_name,
                created: r.created,
              }))
          : [],
      created_by: row.created_by,
      created: row.created,
      updated: row.updated,
    };
  });
}

/** A line's row as its create writes it (the record service's create and the BOQ import). */
async function insertLine(
  trx: Trx,
  { siteId, userId }: { siteId: string; userId: string },
  input: BudgetLineCreate,
  id: string,
  now: string,
): Promise<void> {
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
    percent_complete: input.percent_complete == null ? null : rateToStored(input.percent_complete),
    notes: input.notes || null,
    committed: 0,
    actual: 0,
    ordered: 0,
    received: 0,
    consumed: 0,
    on_order: 0,
    created_by: userId,
    created: now,
    updated: now,
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
  shape: (scope, list) => shapeLines(scope.ctx.db.kysely, list, scope.role),
  list: { query: (db) => db.selectFrom('budget_lines').selectAll() },
  create: {
    validate: (trx, { siteId }, input) => checkItem(trx, siteId, input.item),
    insert: (trx, scope, input, id, now) => insertLine(trx, scope, input, id, now),
    after: (trx, { siteId }, id, input) => refreshBudgetLines(trx, siteId, [id], [input.item]),
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
    after: (trx, { siteId }, id, input, row) =>
      refreshBudgetLines(trx, siteId, [id], [row.item, input.item]),
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
    // The next line of its item (if any) takes the item's unnamed spend.
    after: (trx, { siteId }, row) => refreshBudgetLines(trx, siteId, [], [row.item]),
  },
});

/**
 * BOQ import: lines made in the caller's transaction the way `create` makes one (item checked,
 * row written, audit entry), with the figures re-summed once after the last.
 */
export async function insertBudgetLines(
  trx: Trx,
  scope: { siteId: string; userId: string },
  lines: readonly { id: string; input: BudgetLineCreate }[],
): Promise<void> {
  const now = nowIso();
  for (const { id, input } of lines) {
    await checkItem(trx, scope.siteId, input.item);
    await insertLine(trx, scope, input, id, now);
    await auditCreated(trx, 'budget_lines', scope.siteId, id);
  }
  if (lines.length) {
    await refreshBudgetLines(
      trx,
      scope.siteId,
      lines.map((l) => l.id),
      lines.map((l) => l.input.item),
    );
  }
}
