import type {
  StockAdjustmentStatus,
  StockMovementKind,
  StockTransferStatus,
} from '@siteledger/domain';
import type { DecisionColumns } from './schema-business.js';

/** Site stock (migration 0015). Quantities milli, money paise. */
export interface StockConsumptionsTable {
  id: string;
  site_id: string;
  item: string;
  quantity: number;
  consumption_date: string;
  used_for: string | null;
  notes: string | null;
  /** JSON array of file names. */
  photos: string;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface StockAdjustmentsTable extends DecisionColumns {
  id: string;
  site_id: string;
  item: string;
  counted_quantity: number;
  previous_quantity: number;
  difference: number;
  value: number;
  adjustment_date: string;
  reason: string;
  status: StockAdjustmentStatus;
  stock_count: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface StockTransfersTable {
  id: string;
  /** The sending site. */
  site_id: string;
  /** Null once the receiving site was purged. */
  to_site: string | null;
  status: StockTransferStatus;
  transfer_date: string;
  received_date: string | null;
  received_by: string | null;
  notes: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface StockTransferLinesTable {
  id: string;
  site_id: string;
  stock_transfer: string;
  item: string;
  quantity: number;
  value: number;
  received_quantity: number | null;
  received_item: string | null;
  received_value: number | null;
  created_by: string | null;
  created: string;
  updated: string;
}

/** The ledger: on hand and value per site and item are Σ of these. */
export interface StockMovementsTable {
  id: string;
  site_id: string;
  item: string;
  movement_date: string;
  kind: StockMovementKind;
  /** Signed: in > 0, out < 0. */
  quantity: number;
  /** Signed paise. */
  value: number;
  source_id: string;
  source_line: string | null;
  created: string;
  updated: string;
}

export interface StockTables {
  stock_consumptions: StockConsumptionsTable;
  stock_adjustments: StockAdjustmentsTable;
  stock_transfers: StockTransfersTable;
  stock_transfer_lines: StockTransferLinesTable;
  stock_movements: StockMovementsTable;
}
