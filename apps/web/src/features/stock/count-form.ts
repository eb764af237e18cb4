/**
 * The physical count: which items were counted, the difference each makes from what the books
 * say, and the POST …/stock_counts body. An empty box means "not counted" (the item is left as
 * it is); 0 means "counted, none there".
 */
import {
  fromMilli,
  lineTotalPaise,
  MAX_STOCK_LINES,
  toMilli,
  toPaise,
  toRupees,
  zStockCountCreate,
  type StockCountCreate,
} from '@siteledger/domain';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formSchema } from '../../lib/form-schema';

export interface CountRowInput {
  item: string;
  name: string;
  unit: string;
  onHand: number;
  /** Rupees per unit. */
  averageCost: number;
}

export interface CountDifference {
  item: string;
  name: string;
  unit: string;
  onHand: number;
  counted: number;
  /** counted − on hand. */
  difference: number;
  /** Rupees: the difference at the average cost (negative for a loss). */
  value: number;
}

/**
 * The counted items (a number typed) with their difference and its value, in the list's order;
 * `totalValue` sums the values in paise. A value is the difference at the average cost, rounded
 * to the paisa once (a loss rounds like a gain, then takes its sign).
 */
export function countDifferences(
  rows: readonly CountRowInput[],
  counted: Readonly<Record<string, number | undefined>>,
): { lines: CountDifference[]; totalValue: number } {
  const lines: CountDifference[] = [];
  let totalPaise = 0;
  for (const row of rows) {
    const value = counted[row.item];
    if (value === undefined || !Number.isFinite(value)) continue;
    const differenceMilli = toMilli(value) - toMilli(row.onHand);
    const paise =
      Math.sign(differenceMilli) *
      lineTotalPaise(Math.abs(differenceMilli), toPaise(row.averageCost));
    totalPaise += paise;
    lines.push({
      item: row.item,
      name: row.name,
      unit: row.unit,
      onHand: row.onHand,
      counted: value,
      difference: fromMilli(differenceMilli),
      value: toRupees(paise),
    });
  }
  return { lines, totalValue: toRupees(totalPaise) };
}

/** The request body, checked by the domain's own schema (messages as i18n keys). */
export const countSchema = formSchema(zStockCountCreate, {
  reason: 'stock.validation.reasonRequired',
  count_date: 'kit.validation.date',
  lines: 'stock.validation.countOne',
});

export function countBody(
  lines: readonly CountDifference[],
  countDate: string,
  reason: string,
): StockCountCreate {
  return {
    count_date: countDate,
    reason: reason.trim(),
    lines: lines.slice(0, MAX_STOCK_LINES).map((line) => ({
      item: line.item,
      counted_quantity: line.counted,
    })),
  };
}

/** "+2.5 bag", "−3 bag", "0 bag". */
export function signedQuantity(value: number, unit: string): string {
  const text = formatQuantity(Math.abs(value), unit);
  if (value > 0) return `+${text}`;
  if (value < 0) return `−${text}`;
  return text;
}
