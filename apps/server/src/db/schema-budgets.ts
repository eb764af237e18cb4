/** Site budgets (migration 0030, API.md "Budgets"). */
export interface BudgetLinesTable {
  id: string;
  site_id: string;
  head: string;
  name: string;
  item: string | null;
  /** Thousandths. */
  quantity: number | null;
  unit_rate: number | null;
  amount: number;
  original_amount: number;
  /** Hundredths of a percent. */
  percent_complete: number | null;
  notes: string | null;
  /** Kept by the writes that change them (modules/budgets/budget-figures.ts). */
  committed: number;
  actual: number;
  ordered: number;
  received: number;
  consumed: number;
  /** Open PO lines' unreceived quantity, thousandths (migration 0031). */
  on_order: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface BudgetLineRevisionsTable {
  id: string;
  site_id: string;
  budget_line: string;
  old_amount: number;
  new_amount: number;
  old_quantity: number | null;
  new_quantity: number | null;
  reason: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface BudgetTables {
  budget_lines: BudgetLinesTable;
  budget_line_revisions: BudgetLineRevisionsTable;
}
