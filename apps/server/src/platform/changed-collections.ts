import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trackWrites, type WrittenTables } from '../db/write-tracking.js';

/*
 * The server says what a write changed (issue 41; docs/API.md "Issue 41: what a write changed").
 * Each request collects the tables its committed writes touched (db/write-tracking.ts); its
 * answer names the API collections whose answers read those tables, in the
 * `X-Changed-Collections` header and in the write's live event (`changed`). A client refreshes
 * exactly those.
 */

export const CHANGED_HEADER = 'x-changed-collections';

/** A delivery and its lines show in the same answers (a line moves its delivery's totals). */
const DELIVERY_COLLECTIONS = [
  'deliveries',
  'delivery_items',
  'items',
  'vendors',
  'returnable_items',
  'purchase_orders',
];

/**
 * Table → the collections (as clients key them) whose answers show what is in it: its own, and
 * those that show figures computed from it (a delivery line moves the item's and the vendor's
 * totals and what can still be returned). A table not listed is its own collection.
 */
const SHOWN_IN: Readonly<Record<string, readonly string[]>> = {
  items: ['items'],
  item_tags: ['items', 'tags'],
  services: ['services'],
  service_tags: ['services', 'tags'],
  vendors: ['vendors'],
  vendor_tags: ['vendors', 'tags'],
  tags: ['tags', 'items', 'services', 'vendors'],
  quotations: ['quotations', 'items', 'services'],
  deliveries: DELIVERY_COLLECTIONS,
  delivery_items: DELIVERY_COLLECTIONS,
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

/** Bookkeeping: no client shows these (the trail is read on demand, keys and limits never). */
const BOOKKEEPING: ReadonlySet<string> = new Set([
  'audit_log',
  'idempotency_keys',
  'rate_limits',
  'login_throttle',
  'sessions',
  'retired_session_tokens',
  'auth_tokens',
  'recovery_codes',
  'purchase_order_counters',
  'plan_invoice_counters',
  'webhook_events',
  'billing_notices',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** The collections a write to `tables` changed, sorted (empty when it changed none). */
export function collectionsChanged(tables: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const table of tables) {
    if (BOOKKEEPING.has(table)) continue;
    for (const collection of SHOWN_IN[table] ?? [table]) out.add(collection);
  }
  return [...out].sort();
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The tables this request's committed writes changed. */
    writtenTables?: WrittenTables;
  }
}

/** What the request's committed writes changed so far, as collections. */
export function changedCollections(request: FastifyRequest): string[] {
  return request.writtenTables ? collectionsChanged(request.writtenTables) : [];
}

/**
 * Every request runs in its own write-tracking scope (registered before the other hooks, so the
 * handler and every later hook run inside it).
 */
export function registerWriteTracking(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const tables: WrittenTables = new Set();
    request.writtenTables = tables;
    trackWrites(tables, done);
  });
}
