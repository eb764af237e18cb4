import { collectionsShowing } from '@siteledger/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trackWrites, WrittenTables } from '../db/write-tracking.js';

/*
 * The server says what a write changed (issue 41; docs/API.md "Issue 41: what a write changed").
 * Each request collects the tables its committed writes touched (db/write-tracking.ts); its
 * answer names the API collections whose answers read those tables, in the
 * `X-Changed-Collections` header and in the write's live event (`changed`). A client refreshes
 * exactly those.
 */

export const CHANGED_HEADER = 'x-changed-collections';

/**
 * Tables outside the record-type registry whose answers are keyed otherwise; a record type's
 * tables say where they are shown in their registry entries (`shownIn`), and a table named
 * nowhere is its own collection.
 */
const SHOWN_IN: Readonly<Record<string, readonly string[]>> = {
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
    const shown = SHOWN_IN[table] ?? collectionsShowing(table) ?? [table];
    for (const collection of shown) out.add(collection);
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
    const tables = new WrittenTables();
    request.writtenTables = tables;
    trackWrites(tables, done);
  });
}
