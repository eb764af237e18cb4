/**
 * "A write to X changes Y" (issue 21): the collections whose figures a change of `collection`
 * moves, beyond itself. One table for this tab's own writes (lib/site-records.ts,
 * lib/offline-queue-hooks.ts) and for other people's, announced by live updates.
 */
const RELATED: Record<string, readonly string[]> = {
  deliveries: ['items', 'vendors', 'delivery_items', 'returnable_items'],
  delivery_items: ['deliveries', 'items', 'vendors', 'returnable_items'],
  service_bookings: ['services', 'vendors'],
  payments: [
    'deliveries',
    'service_bookings',
    'vendors',
    'accounts',
    'account_transactions',
    'vendor_credit_notes',
    'credit_note_usage',
    'payment_allocations',
  ],
  vendor_returns: [
    'vendor_credit_notes',
    'vendor_refunds',
    'accounts',
    'account_transactions',
    'vendors',
    'items',
    'deliveries',
    'returnable_items',
  ],
  vendor_credit_notes: ['vendors', 'vendor_returns'],
  accounts: ['account_transactions'],
  account_transactions: ['accounts'],
  // A renamed or recoloured tag shows on every item, service and vendor that wears it.
  tags: ['items', 'services', 'vendors'],
  items: ['tags'],
  services: ['tags'],
  vendors: ['tags'],
  quotations: ['items', 'services'],
  members: ['invitations'],
  invitations: ['members'],
};

/** `collection` and everything its change refreshes. */
export function collectionsToRefresh(collection: string): string[] {
  return [collection, ...(RELATED[collection] ?? [])];
}
