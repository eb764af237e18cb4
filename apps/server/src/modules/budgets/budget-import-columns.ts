/**
 * A BOQ's columns (issue 45, BOQ import): which row is the header, which column holds what (by
 * header name, English BOQ usage and its synonyms), and the numbers as BOQs write them.
 */
import { AppError } from '../../platform/errors.js';
import type { SheetCell, SheetRow } from './budget-import-sheet.js';

export type Column = 'item' | 'name' | 'unit' | 'quantity' | 'rate' | 'amount' | 'head';

/** Header texts (lowercased, spaces and dots squeezed) of each column, English BOQ usage. */
const HEADERS: Record<Column, readonly string[]> = {
  item: [
    'item',
    'items',
    'description',
    'item description',
    'description of item',
    'particulars',
    'description of work',
    'material',
  ],
  name: ['name', 'line name', 'budget line'],
  unit: ['unit', 'units', 'uom', 'unit of measurement'],
  quantity: ['quantity', 'qty', 'quantities', 'boq qty', 'boq quantity'],
  rate: [
    'rate',
    'unit rate',
    'rate per unit',
    'unit price',
    'price',
    'rate (rs)',
    'rate (₹)',
    'rate (inr)',
    'rate in rs',
  ],
  amount: [
    'amount',
    'total',
    'total amount',
    'amount (rs)',
    'amount (₹)',
    'amount (inr)',
    'amount in rs',
    'value',
    'budget',
  ],
  head: ['head', 'cost head', 'category', 'type'],
};

export const squeeze = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const headerKey = (text: string) => squeeze(text).replace(/\.$/, '').replace(/[:*]$/, '').trim();

export const textOf = (cell: SheetCell | undefined): string =>
  cell === null || cell === undefined ? '' : String(cell).trim();

export type ColumnMap = Partial<Record<Column, number>>;

/** Each column's candidate positions, in sheet order. */
function candidatesOf(cells: readonly SheetCell[]): Partial<Record<Column, number[]>> {
  const found: Partial<Record<Column, number[]>> = {};
  cells.forEach((cell, index) => {
    if (typeof cell !== 'string') return;
    const key = headerKey(cell);
    for (const column of Object.keys(HEADERS) as Column[]) {
      if (HEADERS[column].includes(key)) (found[column] ??= []).push(index);
    }
  });
  return found;
}

/** "1", "2.1", "3.2.4": a BOQ's item numbers, not its items. */
const ITEM_NUMBER = /^[A-Z]?\d+(\.\d+)*\.?$/i;

/**
 * The columns: the first of each kind, except the item text, which is the first "Item" or
 * "Description" column not holding item numbers (BOQs head their numbering "Item" too).
 */
export function columnsOf(cells: readonly SheetCell[], data: readonly SheetRow[] = []): ColumnMap {
  const found = candidatesOf(cells);
  const map: ColumnMap = {};
  for (const column of Object.keys(found) as Column[]) map[column] = found[column]![0];
  const items = found.item ?? [];
  const numbering = (index: number) => {
    const texts = data.map((r) => textOf(r.cells[index])).filter((text) => text !== '');
    return (
      texts.length > 0 && texts.filter((text) => ITEM_NUMBER.test(text)).length * 2 > texts.length
    );
  };
  map.item = items.find((index) => !numbering(index)) ?? items[0];
  if (map.item === undefined) delete map.item;
  return map;
}

/** The header: the first row naming a quantity or amount column (a title row may come first). */
export function findHeader(rows: readonly SheetRow[]): { index: number; columns: ColumnMap } {
  for (let index = 0; index < rows.length; index += 1) {
    const columns = columnsOf(rows[index]!.cells);
    if (columns.quantity !== undefined || columns.amount !== undefined) return { index, columns };
  }
  throw new AppError('VALIDATION_FAILED', {
    file: {
      code: 'no_header',
      message: 'No header row found: name the columns Item, Unit, Quantity, Rate (and Amount)',
    },
  });
}

/** "₹1,20,000.50", "Rs. 450", "1 200" → a number; blank → null; anything else → NaN. */
export function readNumber(cell: SheetCell): number | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return cell;
  const text = cell
    .replace(/₹|\bRs\.?|\bINR\b/gi, '')
    .replace(/[,\s\u00a0]/g, '')
    .trim();
  if (text === '' || text === '-') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}
