import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { rupees } from './record-shape.js';
import {
  publish,
  settleTxEvents,
  type BudgetTouched,
  type BudgetWarning,
  type OrderBudgetCheck,
} from './tx-events.js';

type Trx = Transaction<Database>;

/**
 * What a write that moves budget figures calls (issue 45): the budget subscriber re-sums the lines
 * it touched, in this transaction. Modules name lines and items; none imports the budgets module.
 */
export async function touchBudgets(
  trx: Trx,
  touched: Omit<BudgetTouched, 'lines' | 'items'> & {
    lines?: readonly (string | null)[];
    items?: readonly (string | null)[];
  },
): Promise<void> {
  const some = (list: readonly (string | null)[] | undefined) => [
    ...new Set((list ?? []).filter((x): x is string => !!x)),
  ];
  publish(trx, 'budget.touched', {
    ...touched,
    lines: some(touched.lines),
    items: some(touched.items),
  });
  await settleTxEvents(trx);
}

/** A purchase order's lines: the lines they name and their items, and what each commits. */
export async function purchaseOrderBudget(trx: Trx, orderId: string) {
  const [lines, site] = await Promise.all([
    trx
      .selectFrom('purchase_order_lines')
      .select(['budget_line', 'item', 'total_amount', 'cgst_amount', 'sgst_amount', 'igst_amount'])
      .where('purchase_order', '=', orderId)
      .execute(),
    trx
      .selectFrom('purchase_orders as o')
      .innerJoin('sites as s', 's.id', 'o.site_id')
      .select('s.input_tax_mode')
      .where('o.id', '=', orderId)
      .executeTakeFirst(),
  ]);
  const cost = site?.input_tax_mode === 'cost';
  return {
    lines: lines.map((l) => l.budget_line),
    items: lines.map((l) => l.item),
    check: lines.map((l) => ({
      budget_line: l.budget_line,
      item: l.item,
      value:
        Number(l.total_amount) +
        (cost ? Number(l.cgst_amount) + Number(l.sgst_amount) + Number(l.igst_amount) : 0),
    })),
  };
}

/** A work order's lines: the budget lines they name, and what each commits. */
export async function workOrderBudget(trx: Trx, orderId: string) {
  const lines = await trx
    .selectFrom('work_order_lines')
    .select(['budget_line', 'amount'])
    .where('work_order', '=', orderId)
    .execute();
  return {
    lines: lines.map((l) => l.budget_line),
    check: lines.map((l) => ({
      budget_line: l.budget_line,
      item: null,
      value: Number(l.amount),
    })),
  };
}

/** A new check of an order being issued (the subscriber fills `warnings`). */
export function orderCheck(lines: OrderBudgetCheck['lines'], override: boolean): OrderBudgetCheck {
  return { lines, override, warnings: [] };
}

/** A warning as the API shows it: the figures in rupees. */
export function shownWarning(w: BudgetWarning) {
  return {
    budget_line: w.budget_line,
    ...rupees({
      budget: w.budget,
      committed: w.committed,
      actual: w.actual,
      this_order: w.this_order,
    }),
  };
}
