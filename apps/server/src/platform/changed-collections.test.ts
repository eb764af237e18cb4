import { registerRecordType, siteRecord, text } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { collectionsChanged } from './changed-collections.js';

/** The hand-kept table this file had before the registry said it (issue 41), as it stood. */
const HAND_KEPT: Readonly<Record<string, readonly string[]>> = {
  items: ['items'],
  item_tags: ['items', 'tags'],
  services: ['services'],
  service_tags: ['services', 'tags'],
  vendors: ['vendors'],
  vendor_tags: ['vendors', 'tags'],
  tags: ['tags', 'items', 'services', 'vendors'],
  quotations: ['quotations', 'items', 'services'],
  deliveries: [
    'deliveries',
    'delivery_items',
    'items',
    'vendors',
    'returnable_items',
    'purchase_orders',
  ],
  delivery_items: [
    'deliveries',
    'delivery_items',
    'items',
    'vendors',
    'returnable_items',
    'purchase_orders',
  ],
  service_bookings: ['service_bookings', 'services', 'vendors'],
  payments: [
    'payments',
    'deliveries',
    'service_bookings',
    'vendors',
    'accounts',
    'account_transactions',
    'payment_allocations',
  ],
  payment_allocations: [
    'payments',
    'payment_allocations',
    'deliveries',
    'service_bookings',
    'vendors',
  ],
  credit_note_usage: ['payments', 'credit_note_usage', 'vendor_credit_notes', 'vendors'],
  accounts: ['accounts', 'account_transactions'],
  account_transactions: ['account_transactions', 'accounts'],
  vendor_returns: [
    'vendor_returns',
    'vendor_credit_notes',
    'vendor_refunds',
    'accounts',
    'account_transactions',
    'vendors',
    'items',
    'deliveries',
    'returnable_items',
  ],
  vendor_return_items: ['vendor_returns', 'items', 'deliveries', 'returnable_items', 'vendors'],
  vendor_refunds: [
    'vendor_refunds',
    'vendor_returns',
    'accounts',
    'account_transactions',
    'vendors',
  ],
  vendor_credit_notes: ['vendor_credit_notes', 'vendor_returns', 'vendors'],
  material_requests: ['material_requests', 'purchase_orders'],
  material_request_items: ['material_requests', 'purchase_orders'],
  purchase_orders: ['purchase_orders', 'material_requests', 'deliveries'],
  purchase_order_lines: ['purchase_orders', 'material_requests', 'deliveries'],
  purchase_order_advances: ['purchase_orders', 'payments'],
  stock_consumptions: ['stock_consumptions', 'items', 'stock_movements'],
  stock_adjustments: ['stock_adjustments', 'items', 'stock_movements'],
  stock_transfers: ['stock_transfers', 'items', 'stock_movements'],
  stock_transfer_lines: ['stock_transfers', 'items', 'stock_movements'],
  stock_movements: ['stock_movements', 'items'],
  sites: ['sites'],
  site_users: ['members', 'invitations'],
  site_invitations: ['invitations', 'members'],
  site_subscriptions: ['subscription'],
  plan_usage: ['subscription'],
  plan_limits: ['subscription'],
};

describe('collectionsChanged', () => {
  it('reads from the registry exactly what the hand-kept table said', () => {
    for (const [table, shown] of Object.entries(HAND_KEPT)) {
      expect(collectionsChanged([table]), table).toEqual([...new Set(shown)].sort());
    }
  });

  it('a table named nowhere is its own collection; bookkeeping is none', () => {
    expect(collectionsChanged(['gst_rate_periods'])).toEqual(['gst_rate_periods']);
    expect(collectionsChanged(['audit_log', 'idempotency_keys'])).toEqual([]);
  });

  it('a new record type is picked up from its entry alone', () => {
    const remove = registerRecordType(
      siteRecord({
        collection: 'throwaway_notes',
        shownIn: ['vendors'],
        fields: { body: text() },
        tables: [{ table: 'throwaway_note_lines', fields: { body: text() } }],
      }),
    );
    try {
      expect(collectionsChanged(['throwaway_notes'])).toEqual(['throwaway_notes', 'vendors']);
      expect(collectionsChanged(['throwaway_note_lines'])).toEqual(['throwaway_note_lines']);
    } finally {
      remove();
    }
  });
});
