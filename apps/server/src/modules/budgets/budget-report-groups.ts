/**
 * The budget report as its files print it (PDF and Excel): the lines in paise under their cost
 * head, each head's subtotal, the grand total, % spent and the flags. Both files read these, so
 * a figure is the same in either and equal to the JSON report's to the paisa.
 */
import {
  toPaise,
  type BudgetHead,
  type BudgetReport,
  type BudgetReportLine,
  type Paise,
} from '@siteledger/domain';

export interface BudgetSource {
  siteName: string;
  report: BudgetReport;
  /** YYYY-MM-DD. */
  today: string;
}

export interface Figures {
  budget: Paise;
  committed: Paise;
  actual: Paise;
  remaining: Paise;
}

export interface FileLine extends Figures {
  name: string;
  /** The report's quantity view of a material line (API.md's fields). */
  quantity: NonNullable<BudgetReportLine['quantity']> | null;
  overBudget: boolean;
  overConsumed: boolean;
}

export interface HeadGroup {
  head: BudgetHead;
  label: string;
  lines: FileLine[];
  subtotal: Figures;
}

export const HEAD_LABELS: Record<BudgetHead, string> = {
  material: 'Material',
  labour: 'Labour',
  subcontract: 'Subcontract',
  equipment: 'Equipment',
  overhead: 'Overhead',
  other: 'Other',
};

/**
 * Actual as a percent of the budget, one decimal (null without a budget). A ratio of two exact
 * paise figures: the float division only rounds the shown percent, never an amount.
 */
export function percentSpent(figures: Figures): number | null {
  if (figures.budget <= 0) return null;
  return Math.round((figures.actual / figures.budget) * 1000) / 10;
}

/** "113.3" / "–": a percent with one decimal. */
export function percentText(percent: number | null | undefined): string {
  if (percent === null || percent === undefined) return '–';
  const tenths = Math.round(percent * 10);
  const abs = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(abs / 10)}.${abs % 10}`;
}

/** What a line is flagged for, in words (empty when nothing). */
export function flagText(line: Pick<FileLine, 'overBudget' | 'overConsumed'>): string {
  return [line.overBudget ? 'Over budget' : '', line.overConsumed ? 'Over-consumed' : '']
    .filter(Boolean)
    .join(', ');
}

const sum = (rows: readonly Figures[], key: keyof Figures) =>
  rows.reduce((total, row) => total + row[key], 0);

function sumFigures(rows: readonly Figures[]): Figures {
  const budget = sum(rows, 'budget');
  const committed = sum(rows, 'committed');
  const actual = sum(rows, 'actual');
  return { budget, committed, actual, remaining: budget - committed - actual };
}

/** The report's lines (already by head, then name) grouped under their heads, in paise. */
export function budgetGroups(report: BudgetReport): { groups: HeadGroup[]; totals: Figures } {
  const groups: HeadGroup[] = [];
  for (const line of report.lines) {
    let group = groups.find((g) => g.head === line.head);
    if (!group) {
      group = {
        head: line.head,
        label: HEAD_LABELS[line.head],
        lines: [],
        subtotal: { budget: 0, committed: 0, actual: 0, remaining: 0 },
      };
      groups.push(group);
    }
    const remaining = toPaise(line.remaining);
    group.lines.push({
      name: line.name,
      budget: toPaise(line.budget),
      committed: toPaise(line.committed),
      actual: toPaise(line.actual),
      remaining,
      quantity: line.quantity ?? null,
      overBudget: remaining < 0,
      overConsumed: line.quantity?.flag === true,
    });
  }
  for (const group of groups) group.subtotal = sumFigures(group.lines);
  const t = report.totals;
  const totals = {
    budget: toPaise(t.budget),
    committed: toPaise(t.committed),
    actual: toPaise(t.actual),
    remaining: toPaise(t.remaining),
  };
  return { groups, totals };
}
