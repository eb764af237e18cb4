import type { Transaction } from 'kysely';
import { forUpdate } from '../../db/locking.js';
import type { Database } from '../../db/schema.js';
import { shownWarning } from '../../platform/budget-touch.js';
import { AppError } from '../../platform/errors.js';
import { rupees } from '../../platform/record-shape.js';
import {
  LOCK_RANK,
  type BudgetTouched,
  type BudgetWarning,
  type DeliveryChanged,
  type ReturnChanged,
  type TxSubscriber,
} from '../../platform/tx-events.js';
import { figuresOf, itemLines, siteLines } from './budget-figures.js';

type Trx = Transaction<Database>;

interface Touch {
  lines: Set<string>;
  items: Set<string>;
  all: boolean;
}

/**
 * The figures of the lines a write touched, re-summed from their sources under the lines' row
 * locks (PostgreSQL: two writes at once re-sum one after the other, so neither loses the other's
 * rows). A site without budget lines costs one query.
 */
async function refresh(trx: Trx, siteId: string, touch: Touch): Promise<Map<string, number>> {
  const lines = await siteLines(trx, siteId);
  if (lines.length === 0) return new Map();
  const targets = lines.filter(
    (l) => touch.all || touch.lines.has(l.id) || (l.item !== null && touch.items.has(l.item)),
  );
  if (targets.length === 0) return new Map();
  const locked = await forUpdate(
    trx,
    trx
      .selectFrom('budget_lines')
      .select(['id', 'amount'])
      .where(
        'id',
        'in',
        targets.map((l) => l.id),
      )
      .orderBy('id'),
  ).execute();
  const figures = await figuresOf(trx, siteId, targets, itemLines(lines));
  for (const [id, f] of figures) {
    await trx.updateTable('budget_lines').set(f).where('id', '=', id).execute();
  }
  return new Map(locked.map((l) => [l.id, Number(l.amount)]));
}

/**
 * An order being issued (its lines already counted as committed): each line it takes past its
 * budget is a warning; with the site's `budget_control` "block", 409 OVER_BUDGET unless an owner
 * overrides (API.md "Budgets").
 */
async function checkOrder(trx: Trx, event: BudgetTouched): Promise<void> {
  const order = event.order;
  if (!order) return;
  const lines = await siteLines(trx, event.siteId);
  const byItem = itemLines(lines);
  const spend = new Map<string, number>();
  for (const l of order.lines) {
    const line = l.budget_line ?? (l.item ? byItem.get(l.item) : undefined);
    if (line) spend.set(line, (spend.get(line) ?? 0) + l.value);
  }
  if (spend.size === 0) return;
  const rows = await trx
    .selectFrom('budget_lines')
    .select(['id', 'amount', 'committed', 'actual'])
    .where('id', 'in', [...spend.keys()])
    .execute();
  const warnings: BudgetWarning[] = [];
  for (const row of rows) {
    const thisOrder = spend.get(row.id)!;
    if (Number(row.committed) + Number(row.actual) <= Number(row.amount)) continue;
    warnings.push({
      budget_line: row.id,
      budget: Number(row.amount),
      committed: Number(row.committed) - thisOrder,
      actual: Number(row.actual),
      this_order: thisOrder,
    });
  }
  if (warnings.length === 0) return;
  const site = await trx
    .selectFrom('sites')
    .select('budget_control')
    .where('id', '=', event.siteId)
    .executeTakeFirstOrThrow();
  if (site.budget_control === 'block' && !order.override) {
    throw new AppError('OVER_BUDGET', {
      budget_warnings: warnings.map(shownWarning),
      budget_line: warnings[0]!.budget_line,
      ...rupees({ budget: warnings[0]!.budget, over: overBy(warnings[0]!) }),
    });
  }
  order.warnings.push(...warnings);
}

const overBy = (w: BudgetWarning) => w.committed + w.actual + w.this_order - w.budget;

async function onTouched(trx: Trx, events: readonly BudgetTouched[]): Promise<void> {
  const bySite = new Map<string, Touch>();
  for (const e of events) {
    const touch = bySite.get(e.siteId) ?? { lines: new Set(), items: new Set(), all: false };
    for (const id of e.lines) touch.lines.add(id);
    for (const id of e.items) touch.items.add(id);
    touch.all ||= e.all === true;
    bySite.set(e.siteId, touch);
  }
  for (const [siteId, touch] of bySite) await refresh(trx, siteId, touch);
  for (const e of events) await checkOrder(trx, e);
}

/**
 * The budget lines a delivery write moved: those of its lines' items and PO lines, before the
 * write and after it (a deleted delivery: before only). Only those re-sum.
 */
async function onDelivery(trx: Trx, event: DeliveryChanged): Promise<void> {
  const rows = await trx
    .selectFrom('delivery_items as i')
    .leftJoin('purchase_order_lines as p', 'p.id', 'i.purchase_order_line')
    .select(['i.item', 'p.budget_line'])
    .where('i.delivery', '=', event.delivery.id)
    .execute();
  const ordered = event.orderLines.length
    ? await trx
        .selectFrom('purchase_order_lines')
        .select(['item', 'budget_line'])
        .where('id', 'in', [...event.orderLines])
        .execute()
    : [];
  const all = [...rows, ...ordered];
  await refresh(trx, event.siteId, {
    lines: new Set(all.flatMap((r) => (r.budget_line ? [r.budget_line] : []))),
    items: new Set([...all.map((r) => r.item), ...event.itemsBefore]),
    all: false,
  });
}

async function onReturn(trx: Trx, event: ReturnChanged): Promise<void> {
  await refresh(trx, event.siteId, { lines: new Set(), items: new Set(), all: true });
}

export const budgetSubscribers = [
  {
    name: 'budgets.touched',
    event: 'budget.touched',
    rank: LOCK_RANK.budgets,
    mode: 'all',
    handle: (trx, events) => onTouched(trx, events),
  } satisfies TxSubscriber<'budget.touched'>,
  {
    name: 'budgets.deliveries',
    event: 'delivery.changed',
    rank: LOCK_RANK.budgets,
    mode: 'each',
    handle: (trx, [event]) => onDelivery(trx, event!),
  } satisfies TxSubscriber<'delivery.changed'>,
  {
    name: 'budgets.returns',
    event: 'return.changed',
    rank: LOCK_RANK.budgets,
    mode: 'each',
    handle: (trx, [event]) => onReturn(trx, event!),
  } satisfies TxSubscriber<'return.changed'>,
] as const;
