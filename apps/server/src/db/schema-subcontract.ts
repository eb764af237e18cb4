/** Work orders and RA bills (migration 0026). Money paise, quantities milli, rates ‱. */
export type WorkOrderStatus = 'draft' | 'issued' | 'completed' | 'cancelled';

export interface WorkOrdersTable {
  id: string;
  site_id: string;
  vendor: string;
  title: string;
  /** Given on issue: WO/<financial year>/<4 digits>; null while a draft. */
  number: string | null;
  status: WorkOrderStatus;
  order_date: string;
  terms: string | null;
  notes: string | null;
  /** Hundredths of a percent. */
  retention_percent: number;
  retention_due_days: number;
  advance_amount: number;
  /** Hundredths of a percent of each bill's gross. */
  advance_recovery_percent: number;
  gst_rate: number | null;
  place_of_supply: string | null;
  tds_section: string | null;
  /** Σ line amounts. */
  total_amount: number;
  /** Set by the final bill: its date + retention_due_days. */
  retention_due_date: string | null;
  issued_at: string | null;
  issued_by: string | null;
  /** Who issued it past a budget line (migration 0031; the audit trail shows it). */
  over_budget_by: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface WorkOrderLinesTable {
  id: string;
  site_id: string;
  work_order: string;
  position: number;
  description: string;
  unit: string;
  quantity: number;
  rate: number;
  /** quantity × rate, rounded to the paisa. */
  amount: number;
  /** The latest bill's cumulative quantity. */
  billed_quantity: number;
  /** The budget line it commits (migration 0030), or null. */
  budget_line: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface WorkOrderVariationsTable {
  id: string;
  site_id: string;
  work_order: string;
  work_order_line: string;
  old_quantity: number;
  new_quantity: number;
  reason: string;
  variation_date: string;
  approved_by: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface WorkOrderCountersTable {
  site_id: string;
  financial_year: string;
  last_number: number;
}

export type RaBillKind = 'bill' | 'retention_release';

export interface RaBillsTable {
  id: string;
  site_id: string;
  work_order: string;
  vendor: string;
  kind: RaBillKind;
  sequence: number;
  number: string;
  bill_date: string;
  supplier_invoice_number: string | null;
  /** 0/1. */
  final: number;
  notes: string | null;
  gst_rate: number | null;
  place_of_supply: string | null;
  payment_status: string;
  gross_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  retention_amount: number;
  advance_recovery: number;
  tds_section: string | null;
  tds_base: number;
  tds_rate: number | null;
  tds_amount: number;
  tds_carried: number;
  net_payable: number;
  paid_amount: number;
  /** Migration 0028: the owner who approved the measurement, and when; null while not. */
  approved_at: string | null;
  approved_by: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface RaBillLinesTable {
  id: string;
  site_id: string;
  ra_bill: string;
  work_order_line: string;
  previous_quantity: number;
  cumulative_quantity: number;
  quantity: number;
  rate: number;
  amount: number;
  /** JSON array of file names: the measurement photo. */
  photos: string;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface RaBillAllocationsTable {
  id: string;
  site_id: string;
  payment: string;
  ra_bill: string;
  allocated_amount: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface TdsChallansTable {
  id: string;
  site_id: string;
  section: string;
  /** YYYY-MM: the month of the credits whose TDS it deposits. */
  month: string;
  bsr_code: string;
  challan_serial: string;
  deposit_date: string;
  amount: number;
  /** The account it was paid from (its debit names the challan), or null. */
  account: string | null;
  notes: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface SubcontractTables {
  work_orders: WorkOrdersTable;
  work_order_lines: WorkOrderLinesTable;
  work_order_counters: WorkOrderCountersTable;
  work_order_variations: WorkOrderVariationsTable;
  ra_bills: RaBillsTable;
  ra_bill_lines: RaBillLinesTable;
  ra_bill_allocations: RaBillAllocationsTable;
  tds_challans: TdsChallansTable;
}
