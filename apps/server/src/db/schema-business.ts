/**
 * Row types of the business tables (migration 0002). Storage conventions are those in the header of
 * schema-core.ts. In addition: every table but the tag links has id, site_id, created_by, created
 * and updated; relation columns carry the spec's field names (`vendor`, `delivery`, …) and hold the
 * related record's id; file lists (`photos`, `completion_photos`, `files`) are JSON arrays of stored
 * file names, as text defaulting to '[]'. Columns with a database default are plain (not
 * `Generated`), as in schema-core.ts: inserts state every value.
 */

import type { InputTaxMode } from './schema-core.js';

// Enumerations as stored (API.md "Fixed details", spec parts 3 and 4).
export type AccountType = 'bank' | 'credit_card' | 'cash' | 'digital_wallet' | 'other';
export type TransactionType = 'credit' | 'debit';
export type TagType = 'custom' | 'item_category' | 'service_category' | 'specialty';
export type ServiceCategory = 'labor' | 'equipment' | 'professional' | 'transport' | 'other';
export type QuotationType = 'item' | 'service';
export type DeliveryPaymentStatus = 'pending' | 'partial' | 'paid';
export type BookingStatus = 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
export type BookingPaymentStatus = 'pending' | 'partial' | 'currently_paid_up' | 'paid';
export type AllocationState = 'unallocated' | 'partially_allocated' | 'fully_allocated';
export type ReturnStatus = 'initiated' | 'approved' | 'rejected' | 'completed' | 'refunded';
export type ReturnReason =
  | 'damaged'
  | 'wrong_item'
  | 'excess_delivery'
  | 'quality_issue'
  | 'specification_mismatch'
  | 'other';
export type ItemCondition = 'unopened' | 'opened' | 'damaged' | 'used';
export type RefundType = 'monetary' | 'credit' | 'split';
export type RefundMethod = 'cash' | 'bank_transfer' | 'cheque' | 'adjustment' | 'other';
export type CreditNoteStatus = 'active' | 'fully_used';

export interface AccountsTable {
  id: string;
  site_id: string;
  name: string;
  type: AccountType;
  account_number: string | null;
  bank_name: string | null;
  description: string | null;
  is_active: number;
  opening_balance: number;
  current_balance: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface AccountTransactionsTable {
  id: string;
  site_id: string;
  account: string;
  type: TransactionType;
  amount: number;
  transaction_date: string;
  description: string | null;
  reference: string | null;
  notes: string | null;
  vendor: string | null;
  payment: string | null;
  vendor_refund: string | null;
  /** A TDS deposit's debit (migration 0027). */
  tds_challan: string | null;
  /** A worker's advance or a paid wage sheet (migration 0029). */
  worker_advance: string | null;
  wage_sheet: string | null;
  /** An imprest issued or replenished (migration 0032). */
  imprest: string | null;
  imprest_replenishment: string | null;
  /** Free text; the product writes 'payment' or 'refund'. */
  transaction_category: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface TagsTable {
  id: string;
  site_id: string;
  name: string;
  color: string;
  type: TagType;
  usage_count: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface ItemsTable {
  id: string;
  site_id: string;
  name: string;
  description: string | null;
  /** Open list (pcs, kg, bag, m3, brass, …). */
  unit: string;
  /** 4, 6 or 8 digits. */
  hsn_code: string | null;
  /** Default GST rate in hundredths of a percent (18 % → 1800). */
  gst_rate: number | null;
  /** Site stock: below this (milli) the item is low; null: no minimum. */
  min_stock_level: number | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface ServicesTable {
  id: string;
  site_id: string;
  name: string;
  description: string | null;
  category: ServiceCategory;
  service_type: string | null;
  /** Open list (hour, day, job, sqft, month, …). */
  unit: string;
  standard_rate: number;
  sac_code: string | null;
  /** Hundredths of a percent. */
  gst_rate: number | null;
  is_active: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export type RegistrationType = 'regular' | 'composition' | 'unregistered';

/**
 * What a bill or return was recorded with (migration 0020, issue 40): the supplier's GSTIN, state
 * and registration type of that moment — a later change of the vendor master does not re-split
 * it — and the site's input_tax_mode of that moment.
 */
export interface RecordedTaxColumns {
  vendor_gstin: string | null;
  vendor_state_code: string | null;
  vendor_registration_type: RegistrationType;
  input_tax_mode: InputTaxMode;
}

export interface VendorsTable {
  id: string;
  site_id: string;
  name: string;
  company_name: string | null;
  contact_person: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  payment_details: string | null;
  gstin: string | null;
  /** Two-digit GST state code: the GSTIN's, or set by hand for an unregistered vendor. */
  state_code: string | null;
  registration_type: RegistrationType;
  /** JSON array of file names. */
  files: string;
  /** Migration 0026: PAN (from the GSTIN when one is given), TDS section, § 194C(6) (0/1). */
  pan: string | null;
  tds_section: string | null;
  tds_194c6: number;
  created_by: string | null;
  created: string;
  updated: string;
}

/** Tag links: no id; the pair (record, tag) is the primary key. */
export interface ItemTagsTable {
  site_id: string;
  item: string;
  tag: string;
  created_by: string | null;
  created: string;
}

export interface ServiceTagsTable {
  site_id: string;
  service: string;
  tag: string;
  created_by: string | null;
  created: string;
}

export interface VendorTagsTable {
  site_id: string;
  vendor: string;
  tag: string;
  created_by: string | null;
  created: string;
}

export interface QuotationsTable {
  id: string;
  site_id: string;
  vendor: string;
  quotation_type: QuotationType;
  /** Exactly one of item and service is set (a check constraint holds it). */
  item: string | null;
  service: string | null;
  unit_price: number;
  minimum_quantity: number | null;
  valid_until: string | null;
  notes: string | null;
  /** Not enumerated by the spec; defaults to 'pending'. */
  status: string;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface DeliveriesTable extends RecordedTaxColumns {
  id: string;
  site_id: string;
  vendor: string;
  delivery_date: string;
  delivery_reference: string | null;
  notes: string | null;
  /** JSON array of file names. */
  photos: string;
  items_total: number;
  tax_amount: number;
  /** May be negative. */
  round_off: number;
  /** items_total + tax_amount + round_off. */
  total_amount: number;
  paid_amount: number;
  payment_status: DeliveryPaymentStatus;
  supplier_invoice_number: string | null;
  supplier_invoice_date: string | null;
  /** State code; null reads as the site's. */
  place_of_supply: string | null;
  /** The bill's name in Tally, fixed when it is recorded (reference and a piece of the id). */
  bill_name: string | null;
  /** GST heads in paise (migration 0011); 0 where no rate applies. */
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  /** 0/1 (migration 0024): the site pays the tax; total_amount leaves it out. */
  reverse_charge: number;
  /** Per-rate heads set to the supplier's invoice (migration 0023): JSON, or null. */
  tax_overrides: string | null;
  /** TDS on this credit (migration 0026): section (null: outside TDS), base, rate, amount. */
  tds_section: string | null;
  tds_base: number;
  /** Hundredths of a percent; null while outside TDS. */
  tds_rate: number | null;
  tds_amount: number;
  /** The part of tds_amount that catches up earlier untaxed credits of the year. */
  tds_carried: number;
  created_by: string | null;
  created: string;
  updated: string;
}

/** An owner's decision on a request (a material request, a stock count's adjustment). */
export interface DecisionColumns {
  decided_by: string | null;
  decided_at: string | null;
  decision_notes: string | null;
}

/** An item line priced and taxed on its own (a delivery line, a purchase order line). */
export interface TaxedLineColumns {
  quantity: number;
  unit_price: number;
  /** The taxable value. */
  total_amount: number;
  /** Hundredths of a percent; null: no GST on this line. */
  gst_rate: number | null;
  /** GST heads in paise (migration 0011); 0 where no rate applies. */
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

export interface DeliveryItemsTable extends TaxedLineColumns {
  id: string;
  site_id: string;
  delivery: string;
  item: string;
  /** The PO line this is received against (migration 0013), or null. */
  purchase_order_line: string | null;
  notes: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface ServiceBookingsTable extends RecordedTaxColumns {
  id: string;
  site_id: string;
  service: string;
  vendor: string;
  /** The budget line it is spent on (migration 0030), or null. */
  budget_line: string | null;
  start_date: string;
  end_date: string | null;
  /** Thousandths of the service's unit. */
  duration: number;
  unit_rate: number;
  total_amount: number;
  /** Whole percent, 0..100. */
  percent_completed: number;
  /** JSON array of file names. */
  completion_photos: string;
  notes: string | null;
  status: BookingStatus;
  payment_status: BookingPaymentStatus;
  paid_amount: number;
  /** Hundredths of a percent; total_amount stays the taxable value. */
  gst_rate: number | null;
  /** The bill's name in Tally, fixed when it is recorded. */
  bill_name: string | null;
  /** GST heads in paise (migration 0011); 0 where no rate applies. */
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  /** 0/1 (migration 0024): under reverse charge the tax is the site's, in the rcm_* heads. */
  reverse_charge: number;
  rcm_cgst_amount: number;
  rcm_sgst_amount: number;
  rcm_igst_amount: number;
  /** The supplier's invoice (migration 0023); its date is when the credit is claimed. */
  supplier_invoice_number: string | null;
  supplier_invoice_date: string | null;
  /** TDS on this credit (migration 0026): section (null: outside TDS), base, rate, amount. */
  tds_section: string | null;
  tds_base: number;
  /** Hundredths of a percent; null while outside TDS. */
  tds_rate: number | null;
  tds_amount: number;
  /** The part of tds_amount that catches up earlier untaxed credits of the year. */
  tds_carried: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PaymentsTable {
  id: string;
  site_id: string;
  vendor: string;
  /** Null when credit notes pay the whole amount. */
  account: string | null;
  amount: number;
  payment_date: string;
  reference: string | null;
  notes: string | null;
  allocation_state: AllocationState;
  /** TDS on this credit (migration 0026): section (null: outside TDS), base, rate, amount. */
  tds_section: string | null;
  tds_base: number;
  /** Hundredths of a percent; null while outside TDS. */
  tds_rate: number | null;
  tds_amount: number;
  /** The part of tds_amount that catches up earlier untaxed credits of the year. */
  tds_carried: number;
  /** A work order's advance (migration 0026): no allocations go with it. */
  work_order: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PaymentAllocationsTable {
  id: string;
  site_id: string;
  payment: string;
  /** Exactly one of delivery and service_booking is set (a check constraint holds it). */
  delivery: string | null;
  service_booking: string | null;
  allocated_amount: number;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface VendorReturnsTable extends RecordedTaxColumns {
  id: string;
  site_id: string;
  vendor: string;
  return_date: string;
  reason: ReturnReason;
  status: ReturnStatus;
  notes: string | null;
  /** JSON array of file names. */
  photos: string;
  approval_notes: string | null;
  approved_by: string | null;
  /** ISO timestamp. */
  approved_at: string | null;
  total_return_amount: number;
  /** GST heads in paise (migration 0011); 0 where no rate applies. */
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  actual_refund_amount: number | null;
  completion_date: string | null;
  refund_type: RefundType | null;
  /** The supplier's credit note for the return (migration 0023). */
  supplier_credit_note_number: string | null;
  supplier_credit_note_date: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface VendorReturnItemsTable {
  id: string;
  site_id: string;
  vendor_return: string;
  delivery_item: string;
  quantity_returned: number;
  return_rate: number;
  return_amount: number;
  /** GST heads in paise (migration 0011); 0 where no rate applies. */
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  condition: ItemCondition;
  item_notes: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface VendorRefundsTable {
  id: string;
  site_id: string;
  vendor_return: string;
  vendor: string;
  /** Null for methods that move no account money (e.g. adjustment). */
  account: string | null;
  refund_amount: number;
  refund_date: string;
  refund_method: RefundMethod;
  reference: string | null;
  notes: string | null;
  processed_by: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface VendorCreditNotesTable {
  id: string;
  site_id: string;
  vendor: string;
  credit_amount: number;
  /** Starts at credit_amount; the note is fully_used once it is ≤ 0. */
  balance: number;
  issue_date: string;
  expiry_date: string | null;
  reference: string | null;
  reason: string | null;
  /** The vendor return this note was issued for. */
  return_id: string | null;
  /** Its name as a bill in Tally, fixed when it is issued (see db/bill-name.ts). */
  bill_name: string | null;
  /** Issue 40 item 6 (0022): a GST credit note's taxable value (paise); null = no GST given. */
  taxable_amount: number | null;
  /** Hundredths of a percent; null when the heads were typed or there is no GST. */
  gst_rate: number | null;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  /** The invoice the note reduces: a delivery or a service booking of the same vendor. */
  original_delivery: string | null;
  original_booking: string | null;
  supplier_note_number: string | null;
  supplier_note_date: string | null;
  status: CreditNoteStatus;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface CreditNoteUsageTable {
  id: string;
  site_id: string;
  credit_note: string;
  used_amount: number;
  used_date: string;
  payment: string | null;
  vendor: string;
  description: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface BusinessTables {
  accounts: AccountsTable;
  account_transactions: AccountTransactionsTable;
  tags: TagsTable;
  items: ItemsTable;
  services: ServicesTable;
  vendors: VendorsTable;
  item_tags: ItemTagsTable;
  service_tags: ServiceTagsTable;
  vendor_tags: VendorTagsTable;
  quotations: QuotationsTable;
  deliveries: DeliveriesTable;
  delivery_items: DeliveryItemsTable;
  service_bookings: ServiceBookingsTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  vendor_returns: VendorReturnsTable;
  vendor_return_items: VendorReturnItemsTable;
  vendor_refunds: VendorRefundsTable;
  vendor_credit_notes: VendorCreditNotesTable;
  credit_note_usage: CreditNoteUsageTable;
}
