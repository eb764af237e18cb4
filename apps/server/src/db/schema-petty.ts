/** Petty cash (migration 0032, API.md "Petty cash"). Money paise, rates hundredths. */
export interface ImprestsTable {
  id: string;
  site_id: string;
  holder: string;
  /** The fixed level. */
  amount: number;
  issued_date: string;
  account: string;
  notes: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface ImprestReplenishmentsTable {
  id: string;
  site_id: string;
  imprest: string;
  amount: number;
  replenish_date: string;
  account: string;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PettyExpensesTable {
  id: string;
  site_id: string;
  imprest: string;
  expense_date: string;
  /** The bill's total. */
  amount: number;
  description: string;
  /** A budget head (BUDGET_HEADS); a budget line's own when it names one. */
  head: string;
  budget_line: string | null;
  vendor_gstin: string | null;
  gst_rate: number | null;
  taxable_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  /** The site's input_tax_mode when it was recorded (its tax is cost or claimed). */
  input_tax_mode: string;
  /** 'approved' | 'pending' | 'rejected'. */
  status: string;
  reject_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  /** The replenishment that paid it back to the holder (null: since the last one). */
  replenishment: string | null;
  /** JSON list of stored file names. */
  photos: string;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PettyTables {
  imprests: ImprestsTable;
  imprest_replenishments: ImprestReplenishmentsTable;
  petty_expenses: PettyExpensesTable;
}
