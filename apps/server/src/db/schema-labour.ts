/**
 * Labour (migration 0029, API.md "Labour"). Money paise; fractions, man-days and hours
 * thousandths; the OT multiplier hundredths (2× = 200).
 */
export interface WorkersTable {
  id: string;
  site_id: string;
  name: string;
  trade: string;
  daily_wage: number;
  /** Hours of a full day, thousandths (8 h = 8000). */
  normal_hours: number;
  phone: string | null;
  /** The vendor whose gang this is; null: paid by the site. */
  labour_contractor: string | null;
  /** A gang marked by headcount; null: one person. */
  headcount: number | null;
  active: number;
  notes: string | null;
  /** JSON array of file names. */
  photos: string;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface AttendanceTable {
  id: string;
  /** The site worked on (a lent worker's row is the borrowing site's). */
  site_id: string;
  worker: string;
  date: string;
  /** Of a day, thousandths: 0, 250, 500, 750, 1000. */
  fraction: number;
  /** Overtime hours, thousandths, in quarter hours. */
  ot_hours: number;
  /** A gang's people present; null for a person. */
  headcount: number | null;
  /** The wage sheet that counted it: then it is locked. */
  wage_sheet: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface WorkerAdvancesTable {
  id: string;
  site_id: string;
  worker: string;
  amount: number;
  advance_date: string;
  account: string;
  notes: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export type WageSheetStatus = 'draft' | 'approved' | 'paid';

interface WageFigures {
  man_days: number;
  ot_hours: number;
  wages: number;
  ot_amount: number;
  gross: number;
  advances: number;
  net: number;
}

export interface WageSheetsTable extends WageFigures {
  id: string;
  site_id: string;
  /** WS-1, WS-2, … per site. */
  number: string;
  sequence: number;
  period_from: string;
  period_to: string;
  labour_contractor: string | null;
  status: WageSheetStatus;
  /** Hundredths (2× = 200), the site's when the sheet was made. */
  ot_multiplier: number;
  tds_section: string | null;
  tds_base: number;
  tds_rate: number | null;
  tds_amount: number;
  tds_carried: number;
  paid_amount: number;
  payment_status: 'pending' | 'partial' | 'paid';
  account: string | null;
  payment_date: string | null;
  notes: string | null;
  approved_by: string | null;
  approved_at: string | null;
  /** The budget line it is spent on (migration 0030), or null. */
  budget_line: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface WageSheetLinesTable extends WageFigures {
  id: string;
  site_id: string;
  wage_sheet: string;
  worker: string;
  name: string;
  trade: string;
  daily_wage: number;
  normal_hours: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface WageSheetAllocationsTable {
  id: string;
  site_id: string;
  payment: string;
  wage_sheet: string;
  allocated_amount: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface LabourTables {
  workers: WorkersTable;
  attendance: AttendanceTable;
  worker_advances: WorkerAdvancesTable;
  wage_sheets: WageSheetsTable;
  wage_sheet_lines: WageSheetLinesTable;
  wage_sheet_allocations: WageSheetAllocationsTable;
}
