/**
 * A BOQ's rows → budget lines (issue 45, BOQ import), with the refusals and notes of each row.
 * Pure: the service reads the site's items and lines and the file's cells, and writes the rows
 * this judges valid. The budget is made exactly as a created line's (quantity × rate rounded to
 * the paisa once, `lineTotalPaise`), so the preview shows what the lines will hold.
 */
import {
  BUDGET_HEADS,
  formatInr,
  lineTotalPaise,
  toMilli,
  toPaise,
  toRupees,
  zBudgetLineCreate,
  type BudgetHead,
  type BudgetImportIssue,
  type BudgetImportRow,
  type BudgetLineCreate,
} from '@siteledger/domain';
import { AppError } from '../../platform/errors.js';
import {
  columnsOf,
  findHeader,
  readNumber,
  squeeze,
  textOf,
  type Column,
  type ColumnMap,
} from './budget-import-columns.js';
import type { SheetCell, SheetRow } from './budget-import-sheet.js';

/** More rows than a real BOQ has: the import is refused rather than half-read. */
export const MAX_IMPORT_ROWS = 2000;

/** Spellings of the heads found in BOQs, to the head they mean. */
const HEAD_WORDS: Record<string, BudgetHead> = {
  ...Object.fromEntries(BUDGET_HEADS.map((head) => [head, head])),
  materials: 'material',
  labor: 'labour',
  labours: 'labour',
  'sub contract': 'subcontract',
  'sub-contract': 'subcontract',
  subcontractor: 'subcontract',
  subcontracts: 'subcontract',
  equipments: 'equipment',
  overheads: 'overhead',
  others: 'other',
};

export interface SiteItem {
  id: string;
  name: string;
  unit: string;
}

export interface SiteLine {
  id: string;
  head: string;
  name: string;
}

export interface ImportContext {
  items: readonly SiteItem[];
  lines: readonly SiteLine[];
}

/** A row's result and, when it has no error, the create it stands for. */
export interface JudgedRow {
  row: BudgetImportRow;
  create: BudgetLineCreate | null;
}

type Issue = BudgetImportIssue;
const issue = (
  field: string,
  code: string,
  message: string,
  params?: Record<string, string | number>,
): Issue => ({ field, code, message, ...(params ? { params } : {}) });

const rupeesText = (paise: number) => formatInr(paise);

/** The budget of a row and the refusals of its figures. */
function figuresOf(
  cells: readonly SheetCell[],
  columns: ColumnMap,
  errors: Issue[],
  warnings: Issue[],
): { quantity: number | null; rate: number | null; budget: number | null } {
  const cell = (column: Column) =>
    columns[column] === undefined ? null : (cells[columns[column]!] ?? null);
  const quantity = readNumber(cell('quantity'));
  const rate = readNumber(cell('rate'));
  const amount = readNumber(cell('amount'));
  const goodQty = quantity !== null && Number.isFinite(quantity) && quantity > 0;
  const goodRate = rate !== null && Number.isFinite(rate) && rate >= 0;
  if (quantity !== null && !goodQty) {
    errors.push(
      issue('quantity', 'not_positive', 'Quantity must be a number above 0', {
        value: textOf(cell('quantity')),
      }),
    );
  }
  if (rate !== null && !goodRate) {
    errors.push(
      issue('unit_rate', 'not_rate', 'Rate must be a number, 0 or more', {
        value: textOf(cell('rate')),
      }),
    );
  }
  if (amount !== null && !(Number.isFinite(amount) && amount >= 0)) {
    errors.push(
      issue('amount', 'not_amount', 'Amount must be a number, 0 or more', {
        value: textOf(cell('amount')),
      }),
    );
    return { quantity: goodQty ? quantity : null, rate: goodRate ? rate : null, budget: null };
  }
  if (goodQty && goodRate) {
    const product = lineTotalPaise(toMilli(quantity), toPaise(rate));
    if (amount !== null) {
      const given = toPaise(amount);
      const diff = Math.abs(given - product);
      // A paisa either way is the file's own rounding; so is an amount rounded to whole rupees.
      if (diff > 1 && given !== Math.round(product / 100) * 100) {
        errors.push(
          issue(
            'amount',
            'amount_mismatch',
            `Amount ${rupeesText(given)} is not quantity × rate = ${rupeesText(product)}`,
            {
              amount: rupeesText(given),
              expected: rupeesText(product),
            },
          ),
        );
      } else if (diff !== 0) {
        warnings.push(
          issue(
            'amount',
            'amount_rounded',
            `Amount ${rupeesText(given)} differs from quantity × rate; the budget is ${rupeesText(product)}`,
            {
              amount: rupeesText(given),
              expected: rupeesText(product),
            },
          ),
        );
      }
    }
    return { quantity, rate, budget: product };
  }
  if (amount !== null) {
    return {
      quantity: goodQty ? quantity : null,
      rate: goodRate ? rate : null,
      budget: toPaise(amount),
    };
  }
  if (errors.length === 0) {
    errors.push(issue('amount', 'no_budget', 'Give a quantity and a rate, or an amount'));
  }
  return { quantity: goodQty ? quantity : null, rate: goodRate ? rate : null, budget: null };
}

/** The head a row names, or its default (an item's line is material; else other, noted). */
function headOf(
  text: string,
  matched: boolean,
  errors: Issue[],
  warnings: Issue[],
): BudgetHead | null {
  if (text) {
    const head = HEAD_WORDS[squeeze(text)];
    if (head) return head;
    errors.push(
      issue('head', 'unknown_head', `Unknown head “${text}”: use ${BUDGET_HEADS.join(', ')}`, {
        value: text,
      }),
    );
    return null;
  }
  if (matched) return 'material';
  warnings.push(issue('head', 'head_defaulted', 'No head given: the line goes under Other'));
  return 'other';
}

/** Zod's refusals of the create (name length, decimals, limits) the checks above did not give. */
function schemaIssues(create: BudgetLineCreate, errors: Issue[]): void {
  const parsed = zBudgetLineCreate.safeParse(create);
  if (parsed.success) return;
  for (const problem of parsed.error.issues) {
    const field = String(problem.path[0] ?? 'row');
    if (!errors.some((e) => e.field === field))
      errors.push(issue(field, 'invalid', problem.message));
  }
}

/** "Total", "Sub-total", "Grand total …": the BOQ's sums, which are not lines. */
const TOTAL_ROW = /^(sub[\s-]?total|grand\s+total|total)\b/i;

const lineKey = (head: string, name: string) => `${head}\u0000${squeeze(name)}`;

/** Every data row below the header, judged against the site's items and lines. */
export function judgeRows(rows: readonly SheetRow[], context: ImportContext): JudgedRow[] {
  const { index } = findHeader(rows);
  const data = rows.slice(index + 1).filter((r) => r.cells.some((c) => textOf(c) !== ''));
  const columns = columnsOf(rows[index]!.cells, data);
  if (data.length > MAX_IMPORT_ROWS) {
    throw new AppError('VALIDATION_FAILED', {
      file: {
        code: 'too_many_rows',
        message: `At most ${MAX_IMPORT_ROWS} rows in one import (this file has ${data.length})`,
        max: MAX_IMPORT_ROWS,
        rows: data.length,
      },
    });
  }
  const items = new Map(context.items.map((item) => [squeeze(item.name), item]));
  const existing = new Set(context.lines.map((line) => lineKey(line.head, line.name)));
  const seen = new Map<string, number>();
  return data.flatMap(({ row, cells }): JudgedRow[] => {
    const cell = (column: Column) =>
      columns[column] === undefined ? '' : textOf(cells[columns[column]!]);
    // A section heading ("A. EARTHWORK"): text only, no unit, quantity, rate or amount.
    if (!cell('unit') && !cell('quantity') && !cell('rate') && !cell('amount')) {
      if (!TOTAL_ROW.test(cell('name') || cell('item'))) return [];
    }
    const errors: Issue[] = [];
    const warnings: Issue[] = [];
    const itemText = cell('item');
    const name = cell('name') || itemText;
    const unit = cell('unit') || null;
    const item = itemText ? (items.get(squeeze(itemText)) ?? null) : null;
    if (!name) errors.push(issue('name', 'no_name', 'The row names no item or line'));
    else if (TOTAL_ROW.test(name) && !cell('quantity')) {
      errors.push(issue('name', 'total_row', 'A total row, not a line: skipped'));
    }
    const head = headOf(cell('head'), item !== null, errors, warnings);
    if (item && unit && squeeze(unit) !== squeeze(item.unit)) {
      errors.push(
        issue(
          'unit',
          'unit_mismatch',
          `The file says ${unit} but ${item.name} is counted in ${item.unit}; quantities would not add up`,
          {
            unit,
            item: item.name,
            item_unit: item.unit,
          },
        ),
      );
    }
    if (!item && itemText && head === 'material') {
      warnings.push(
        issue('item', 'no_item', `No item named “${itemText}” on this site: the line has no item`, {
          value: itemText,
        }),
      );
    }
    const { quantity, rate, budget } = figuresOf(cells, columns, errors, warnings);
    if (name && head) {
      const key = lineKey(head, name);
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push(
          issue('name', 'duplicate_in_file', `“${name}” is already on row ${first}`, {
            name,
            row: first,
          }),
        );
      } else {
        seen.set(key, row);
        if (existing.has(key)) {
          errors.push(
            issue('name', 'line_exists', `The budget already has “${name}” under ${head}`, {
              name,
              head,
            }),
          );
        }
      }
    }
    const create: BudgetLineCreate | null =
      head && name && budget !== null
        ? {
            head,
            name,
            item: item?.id ?? null,
            quantity,
            unit_rate: rate,
            // The budget as made here; budgetOf makes the same from quantity and rate.
            amount: toRupees(budget),
          }
        : null;
    if (create) schemaIssues(create, errors);
    return [
      {
        row: {
          row,
          head,
          name,
          item: item?.id ?? null,
          item_name: item?.name ?? null,
          unit: unit ?? item?.unit ?? null,
          quantity,
          unit_rate: rate,
          amount: budget === null ? null : toRupees(budget),
          errors,
          warnings,
        },
        create: errors.length === 0 ? create : null,
      },
    ];
  });
}
