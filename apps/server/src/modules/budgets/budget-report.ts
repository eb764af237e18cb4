import type { BudgetQuantityView, BudgetReport, BudgetReportLine } from '@siteledger/domain';
import { Readable } from 'node:stream';
import { CSV_BOM, csvRow, money } from '../../documents/csv-writer.js';
import { rupeesMinus, sumRupees, toPaise } from '@siteledger/domain';
import type { SiteScope } from '../../platform/scope.js';
import { shapeLines } from './budgets-service.js';

const HEADS = ['material', 'labour', 'subcontract', 'equipment', 'overhead', 'other'];

/** The report's quantity view is API.md's, field for field (the record's adds `remaining`). */
function reportQuantity(q: BudgetQuantityView): BudgetReportLine['quantity'] {
  const { budget, ordered, received, consumed } = q;
  const { consumption_variance, consumption_percent, flag } = q;
  return { budget, ordered, received, consumed, consumption_variance, consumption_percent, flag };
}

/**
 * GET …/reports/budget (API.md "Budgets"): every line's budget, committed, actual and remaining
 * (the stored figures the writes keep: no source is re-summed here), the quantity view of a
 * material line, and totals; by head, then name.
 */
export async function budgetReport(scope: SiteScope): Promise<BudgetReport> {
  const db = scope.ctx.db.kysely;
  const rows = await db
    .selectFrom('budget_lines')
    .selectAll()
    .where('site_id', '=', scope.siteId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const shaped = (await shapeLines(db, rows)).sort(
    (a, b) => HEADS.indexOf(a.head) - HEADS.indexOf(b.head),
  );
  // Read without a role: every figure (the route admits only those who see money).
  const lines = shaped.map((l): BudgetReportLine => ({
    id: l.id,
    head: l.head,
    name: l.name,
    budget: l.amount ?? 0,
    committed: l.committed ?? 0,
    actual: l.actual ?? 0,
    remaining: l.remaining ?? 0,
    ...(l.quantity_view ? { quantity: reportQuantity(l.quantity_view) } : {}),
  }));
  const total = (key: 'budget' | 'committed' | 'actual') => sumRupees(lines.map((l) => l[key]));
  const budget = total('budget');
  const committed = total('committed');
  const actual = total('actual');
  return {
    lines,
    totals: {
      budget,
      committed,
      actual,
      remaining: rupeesMinus(rupeesMinus(budget, committed), actual),
    },
  };
}

const HEADERS = [
  'Head',
  'Line',
  'Budget',
  'Committed',
  'Actual',
  'Remaining',
  'Budget quantity',
  'Ordered',
  'Received',
  'Consumed',
  'Consumption %',
  'Flag',
];

/** Rupees of the report as the CSV writer's money cell (paise, formatted once there). */
const amount = (rupeesValue: number) => money(toPaise(rupeesValue));

/** The report as CSV: a row per line, then the totals. */
export function budgetCsv(report: BudgetReport): Readable {
  function* chunks(): Generator<string> {
    yield CSV_BOM + csvRow(HEADERS);
    for (const l of report.lines) {
      const q = l.quantity;
      yield csvRow([
        l.head,
        l.name,
        amount(l.budget),
        amount(l.committed),
        amount(l.actual),
        amount(l.remaining),
        q ? String(q.budget) : '',
        q ? String(q.ordered) : '',
        q ? String(q.received) : '',
        q ? String(q.consumed) : '',
        q?.consumption_percent == null ? '' : String(q.consumption_percent),
        q?.flag ? 'Over' : '',
      ]);
    }
    const t = report.totals;
    yield csvRow([
      'Total',
      '',
      amount(t.budget),
      amount(t.committed),
      amount(t.actual),
      amount(t.remaining),
    ]);
  }
  return Readable.from(chunks());
}
