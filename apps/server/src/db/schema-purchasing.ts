import type { MaterialRequestStatus, PurchaseOrderStatus } from '@siteledger/domain';
import type { DecisionColumns, TaxedLineColumns } from './schema-business.js';

/** Material requests and purchase orders (migration 0013). Quantities milli, money paise. */
export interface MaterialRequestsTable extends DecisionColumns {
  id: string;
  site_id: string;
  status: MaterialRequestStatus;
  request_date: string;
  needed_by: string | null;
  notes: string | null;
  /** JSON array of file names. */
  photos: string;
  submitted_at: string | null;
  /** The requester. */
  created_by: string | null;
  created: string;
  updated: string;
}

export interface MaterialRequestItemsTable {
  id: string;
  site_id: string;
  material_request: string;
  item: string;
  quantity: number;
  /** Σ quantities of the lines of POs (not cancelled) raised against this line. */
  ordered_quantity: number;
  notes: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PurchaseOrdersTable {
  id: string;
  site_id: string;
  vendor: string;
  material_request: string | null;
  quotation: string | null;
  /** Given on issue: PO/<financial year>/<4 digits>; null while a draft. */
  number: string | null;
  status: PurchaseOrderStatus;
  order_date: string;
  expected_date: string | null;
  terms: string | null;
  notes: string | null;
  items_total: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  tax_amount: number;
  total_amount: number;
  issued_at: string | null;
  issued_by: string | null;
  /** Who issued it past a budget line (migration 0031; the audit trail shows it). */
  over_budget_by: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PurchaseOrderLinesTable extends TaxedLineColumns {
  id: string;
  site_id: string;
  purchase_order: string;
  item: string;
  material_request_item: string | null;
  /** Σ quantities of the delivery lines received against this line. */
  received_quantity: number;
  /**
   * The site's over-receipt tolerance (hundredths of a percent) when the received quantity last
   * went up: what the receipts are judged by, whatever the site's tolerance is now.
   */
  receipt_tolerance: number;
  /** The budget line it commits (migration 0030), or null. */
  budget_line: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PurchaseOrderCountersTable {
  site_id: string;
  financial_year: string;
  last_number: number;
}

/** A payment set aside as an advance for one purchase order (migration 0014). */
export interface PurchaseOrderAdvancesTable {
  id: string;
  site_id: string;
  purchase_order: string;
  payment: string;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PurchasingTables {
  material_requests: MaterialRequestsTable;
  material_request_items: MaterialRequestItemsTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  purchase_order_counters: PurchaseOrderCountersTable;
  purchase_order_advances: PurchaseOrderAdvancesTable;
}
