/**
 * The budget report as an Excel sheet (issue 45): a row per line, by cost head, with the header
 * frozen and filtered; the bold grand total (SUM formulas with their exact results); then the
 * subtotal of each head, as the TDS register gives its totals by section. The subtotals sit
 * below the table rather than between its rows, so sorting or filtering the lines, or the SUMs,
 * never take a subtotal for a line. Amounts are numbers with two decimals (given in paise),
 * quantities numbers, percents real percents.
 */
import type { Readable } from 'node:stream';
import { dateText } from '../../documents/pdf-format.js';
import { xlsxStream, type XlsxColumn, type XlsxRow } from '../../documents/xlsx-writer.js';
import {
  budgetGroups,
  flagText,
  percentSpent,
  type BudgetSource,
  type Figures,
} from './budget-report-groups.js';

type Key =
  | 'head'
  | 'line'
  | 'budget'
  | 'committed'
  | 'actual'
  | 'remaining'
  | 'spent'
  | 'quantity'
  | 'ordered'
  | 'received'
  | 'consumed'
  | 'consumption'
  | 'flag';

/** Money is summed into the totals row; quantities of different items are not. */
const COLUMNS: XlsxColumn<Key>[] = [
  { key: 'head', header: 'Cost head', kind: 'text', width: 14 },
  { key: 'line', header: 'Line', kind: 'text', width: 32 },
  { key: 'budget', header: 'Budget', kind: 'money', total: true },
  { key: 'committed', header: 'Committed', kind: 'money', total: true },
  { key: 'actual', header: 'Actual', kind: 'money', total: true },
  { key: 'remaining', header: 'Remaining', kind: 'money', total: true },
  { key: 'spent', header: '% spent', kind: 'percent' },
  { key: 'quantity', header: 'Budget quantity', kind: 'quantity' },
  { key: 'ordered', header: 'Ordered', kind: 'quantity' },
  { key: 'received', header: 'Received', kind: 'quantity' },
  { key: 'consumed', header: 'Consumed', kind: 'quantity' },
  { key: 'consumption', header: 'Consumption %', kind: 'percent' },
  { key: 'flag', header: 'Flag', kind: 'text', width: 26 },
];

const money = (figures: Figures): XlsxRow<Key> => ({
  budget: figures.budget,
  committed: figures.committed,
  actual: figures.actual,
  remaining: figures.remaining,
  spent: percentSpent(figures),
});

/** GET …/reports/budget?format=xlsx */
export function budgetXlsx(source: BudgetSource, onError: (error: unknown) => void): Readable {
  const { groups, totals } = budgetGroups(source.report);
  async function* rows(): AsyncGenerator<XlsxRow<Key>[]> {
    await Promise.resolve();
    for (const group of groups) {
      yield group.lines.map((line): XlsxRow<Key> => ({
        head: group.label,
        line: line.name,
        ...money(line),
        quantity: line.quantity?.budget,
        ordered: line.quantity?.ordered,
        received: line.quantity?.received,
        consumed: line.quantity?.consumed,
        consumption: line.quantity?.consumption_percent,
        flag: flagText(line),
      }));
    }
  }
  return xlsxStream<Key>(
    {
      title: 'Budget',
      info: [`Site: ${source.siteName}`, `Date: ${dateText(source.today)}`],
      columns: COLUMNS,
      rows: rows(),
      totals: { label: 'Grand total' },
      after: () => [
        {},
        { head: 'By cost head' },
        ...groups.map((g) => ({ head: g.label, line: `${g.label} total`, ...money(g.subtotal) })),
        { head: 'All heads', line: 'Grand total', ...money(totals) },
      ],
    },
    onError,
  );
}
