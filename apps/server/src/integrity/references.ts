import { PLAN_RESOURCES } from '@siteledger/domain';

/**
 * Every reference between site records: [table, column, target table]. A reference must point at
 * an existing row of the same site (no orphans, no cross-site links).
 */
export const REFERENCES: readonly (readonly [string, string, string])[] = [
  ['account_transactions', 'account', 'accounts'],
  ['account_transactions', 'vendor', 'vendors'],
  ['account_transactions', 'payment', 'payments'],
  ['account_transactions', 'vendor_refund', 'vendor_refunds'],
  ['quotations', 'vendor', 'vendors'],
  ['quotations', 'item', 'items'],
  ['quotations', 'service', 'services'],
  ['deliveries', 'vendor', 'vendors'],
  ['delivery_items', 'delivery', 'deliveries'],
  ['delivery_items', 'item', 'items'],
  ['service_bookings', 'service', 'services'],
  ['service_bookings', 'vendor', 'vendors'],
  ['payments', 'vendor', 'vendors'],
  ['payments', 'account', 'accounts'],
  ['payment_allocations', 'payment', 'payments'],
  ['payment_allocations', 'delivery', 'deliveries'],
  ['payment_allocations', 'service_booking', 'service_bookings'],
  ['vendor_returns', 'vendor', 'vendors'],
  ['vendor_return_items', 'vendor_return', 'vendor_returns'],
  ['vendor_return_items', 'delivery_item', 'delivery_items'],
  ['vendor_refunds', 'vendor_return', 'vendor_returns'],
  ['vendor_refunds', 'vendor', 'vendors'],
  ['vendor_refunds', 'account', 'accounts'],
  ['vendor_credit_notes', 'vendor', 'vendors'],
  ['vendor_credit_notes', 'return_id', 'vendor_returns'],
  ['credit_note_usage', 'credit_note', 'vendor_credit_notes'],
  ['credit_note_usage', 'payment', 'payments'],
  ['credit_note_usage', 'vendor', 'vendors'],
  ['item_tags', 'item', 'items'],
  ['item_tags', 'tag', 'tags'],
  ['service_tags', 'service', 'services'],
  ['service_tags', 'tag', 'tags'],
  ['vendor_tags', 'vendor', 'vendors'],
  ['vendor_tags', 'tag', 'tags'],
] as const;

/** Tables of records counted by plan limits: the resource names are the table names. */
export const COUNTED = PLAN_RESOURCES;

/** Tables without an id column (tag links): how to name a row in a report. */
export const LINK_KEYS: Record<string, string> = {
  item_tags: 'item',
  service_tags: 'service',
  vendor_tags: 'vendor',
};
