import { sql } from 'kysely';
import { withBase, withSite, type AnyDb } from './helpers.js';

/**
 * Every business table of the data model (spec part 3; row types in schema-business.ts).
 *
 * ON DELETE rules, chosen so that money records never vanish as a side effect:
 * - `site_id` cascades (helpers.withSite): purging a site removes all of its rows in one statement.
 * - Lines of a record cascade with it: delivery_items → deliveries, payment_allocations → payments,
 *   vendor_return_items → vendor_returns, tag links → both ends. Quotations cascade with their
 *   vendor, item or service: an offer means nothing without them and carries no money.
 * - Every other relation is NO ACTION: deleting a vendor, item, account, delivery, booking,
 *   payment, return, refund or credit note that is still referenced fails, and the service must
 *   remove or move the dependants (restoring balances) in the same transaction. So a paid delivery
 *   (allocations), a returned delivery line, a booking with payments (spec part 5) or a credit note
 *   with usage cannot be deleted behind the ledger's back, and a payment or refund cannot leave an
 *   orphan account transaction (SET NULL would keep a debit whose cause is gone). NO ACTION is
 *   checked at the end of the statement on both databases, so the site cascade, which deletes
 *   parents and children in one statement, succeeds (tested).
 * - Links to users (created_by, approved_by, processed_by) are SET NULL: removing a person keeps
 *   the records.
 *
 * Only structural invariants are check constraints (exactly one target per allocation and
 * quotation; percent 0..100). Enumerations and amount rules are enforced by the domain schemas, so a
 * new enumeration value never needs a table rebuild on SQLite.
 */
export async function up(db: AnyDb): Promise<void> {
  /** id, site_id, created_by, created, updated. */
  const table = (name: string) =>
    withSite(withBase(db.schema.createTable(name))).addColumn('created_by', 'text', (c) =>
      c.references('users.id').onDelete('set null'),
    );
  const index = (name: string, on: string, columns: string[]) =>
    db.schema.createIndex(name).on(on).columns(columns).execute();
  const unique = (name: string, on: string, columns: string[]) =>
    db.schema.createIndex(name).on(on).columns(columns).unique().execute();

  await table('accounts')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('description', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('opening_balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('current_balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('accounts_site_name', 'accounts', ['site_id', 'name']);

  // Names are trimmed by the service; the same name may exist once per type (a "Plumbing" specialty
  // and a "Plumbing" service category are different tags). Exact match, identical on both databases.
  await table('tags')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('custom'))
    .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await unique('tags_site_type_name_unique', 'tags', ['site_id', 'type', 'name']);
  await index('tags_site_name', 'tags', ['site_id', 'name']);
  await index('tags_site_usage', 'tags', ['site_id', 'usage_count', 'name']);

  await table('items')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('unit', 'text', (c) => c.notNull())
    .execute();
  await index('items_site_name', 'items', ['site_id', 'name']);

  await table('services')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('other'))
    .addColumn('service_type', 'text')
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('standard_rate', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await index('services_site_name', 'services', ['site_id', 'name']);

  await table('vendors')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('contact_person', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('payment_details', 'text')
    .addColumn('gstin', 'text')
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await index('vendors_site_name', 'vendors', ['site_id', 'name']);

  // Tag links: (record, tag) is the key; both ends cascade.
  for (const [link, record, parent] of [
    ['item_tags', 'item', 'items'],
    ['service_tags', 'service', 'services'],
    ['vendor_tags', 'vendor', 'vendors'],
  ] as const) {
    await withSite(db.schema.createTable(link))
      .addColumn(record, 'text', (c) => c.notNull().references(`${parent}.id`).onDelete('cascade'))
      .addColumn('tag', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${link}_pk`, [record, 'tag'])
      .execute();
    await index(`${link}_tag`, link, ['tag']);
    await index(`${link}_site`, link, ['site_id']);
  }

  await table('quotations')
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('quotation_type', 'text', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.references('items.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.references('services.id').onDelete('cascade'))
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('minimum_quantity', 'bigint')
    .addColumn('valid_until', 'text')
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addCheckConstraint('quotations_one_target', sql`(item is null) <> (service is null)`)
    .execute();
  await index('quotations_site_vendor', 'quotations', ['site_id', 'vendor']);
  await index('quotations_site_item', 'quotations', ['site_id', 'item']);
  await index('quotations_site_service', 'quotations', ['site_id', 'service']);

  await table('deliveries')
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('delivery_date', 'text', (c) => c.notNull())
    .addColumn('delivery_reference', 'text')
    .addColumn('notes', 'text')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('items_total', 'bigint', (c) => c.notNull())
    .addColumn('tax_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('round_off', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  // `id` last makes `ORDER BY delivery_date DESC, id DESC` (a stable page order) an index walk.
  await index('deliveries_site_date', 'deliveries', ['site_id', 'delivery_date', 'id']);
  await index('deliveries_site_vendor_date', 'deliveries', [
    'site_id',
    'vendor',
    'delivery_date',
    'id',
  ]);

  await table('delivery_items')
    .addColumn('delivery', 'text', (c) =>
      c.notNull().references('deliveries.id').onDelete('cascade'),
    )
    .addColumn('item', 'text', (c) => c.notNull().references('items.id').onDelete('no action'))
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('notes', 'text')
    .execute();
  await index('delivery_items_delivery', 'delivery_items', ['delivery']);
  await index('delivery_items_site_item', 'delivery_items', ['site_id', 'item']);

  // percent_completed is a whole percent (integer 0..100): the progress-based amount
  // total × percent / 100 stays integer arithmetic on paise, and no float reaches a money rule.
  await table('service_bookings')
    .addColumn('service', 'text', (c) =>
      c.notNull().references('services.id').onDelete('no action'),
    )
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('duration', 'bigint', (c) => c.notNull())
    .addColumn('unit_rate', 'bigint', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('percent_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(
      'service_bookings_percent_range',
      sql`percent_completed >= 0 and percent_completed <= 100`,
    )
    .execute();
  await index('service_bookings_site_start', 'service_bookings', ['site_id', 'start_date', 'id']);
  await index('service_bookings_site_vendor', 'service_bookings', [
    'site_id',
    'vendor',
    'start_date',
  ]);
  await index('service_bookings_site_service', 'service_bookings', [
    'site_id',
    'service',
    'start_date',
  ]);

  await table('payments')
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('account', 'text', (c) => c.references('accounts.id').onDelete('no action'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('payment_date', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('notes', 'text')
    .addColumn('allocation_state', 'text', (c) => c.notNull().defaultTo('unallocated'))
    .execute();
  await index('payments_site_date', 'payments', ['site_id', 'payment_date', 'id']);
  await index('payments_site_vendor_date', 'payments', ['site_id', 'vendor', 'payment_date', 'id']);
  await index('payments_account', 'payments', ['account']);

  // One allocation row per (payment, delivery) and per (payment, booking); NULLs never collide.
  await table('payment_allocations')
    .addColumn('payment', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('delivery', 'text', (c) => c.references('deliveries.id').onDelete('no action'))
    .addColumn('service_booking', 'text', (c) =>
      c.references('service_bookings.id').onDelete('no action'),
    )
    .addColumn('allocated_amount', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'payment_allocations_one_target',
      sql`(delivery is null) <> (service_booking is null)`,
    )
    .execute();
  await unique('payment_allocations_payment_delivery_unique', 'payment_allocations', [
    'payment',
    'delivery',
  ]);
  await unique('payment_allocations_payment_booking_unique', 'payment_allocations', [
    'payment',
    'service_booking',
  ]);
  await index('payment_allocations_delivery', 'payment_allocations', ['delivery']);
  await index('payment_allocations_booking', 'payment_allocations', ['service_booking']);
  await index('payment_allocations_site', 'payment_allocations', ['site_id', 'created']);

  await table('vendor_returns')
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('return_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('initiated'))
    .addColumn('notes', 'text')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('approval_notes', 'text')
    .addColumn('approved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'text')
    .addColumn('total_return_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('actual_refund_amount', 'bigint')
    .addColumn('completion_date', 'text')
    .addColumn('refund_type', 'text')
    .execute();
  await index('vendor_returns_site_date', 'vendor_returns', ['site_id', 'return_date', 'id']);
  await index('vendor_returns_site_vendor', 'vendor_returns', ['site_id', 'vendor', 'return_date']);

  // One line per delivery line within a return.
  await table('vendor_return_items')
    .addColumn('vendor_return', 'text', (c) =>
      c.notNull().references('vendor_returns.id').onDelete('cascade'),
    )
    .addColumn('delivery_item', 'text', (c) =>
      c.notNull().references('delivery_items.id').onDelete('no action'),
    )
    .addColumn('quantity_returned', 'bigint', (c) => c.notNull())
    .addColumn('return_rate', 'bigint', (c) => c.notNull())
    .addColumn('return_amount', 'bigint', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('item_notes', 'text')
    .execute();
  await unique('vendor_return_items_return_line_unique', 'vendor_return_items', [
    'vendor_return',
    'delivery_item',
  ]);
  await index('vendor_return_items_delivery_item', 'vendor_return_items', ['delivery_item']);
  await index('vendor_return_items_site', 'vendor_return_items', ['site_id', 'created']);

  await table('vendor_refunds')
    .addColumn('vendor_return', 'text', (c) =>
      c.notNull().references('vendor_returns.id').onDelete('no action'),
    )
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('account', 'text', (c) => c.references('accounts.id').onDelete('no action'))
    .addColumn('refund_amount', 'bigint', (c) => c.notNull())
    .addColumn('refund_date', 'text', (c) => c.notNull())
    .addColumn('refund_method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('notes', 'text')
    .addColumn('processed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await index('vendor_refunds_site_date', 'vendor_refunds', ['site_id', 'refund_date', 'id']);
  await index('vendor_refunds_site_vendor', 'vendor_refunds', ['site_id', 'vendor', 'refund_date']);
  await index('vendor_refunds_return', 'vendor_refunds', ['vendor_return']);

  await table('vendor_credit_notes')
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('credit_amount', 'bigint', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('expiry_date', 'text')
    .addColumn('reference', 'text')
    .addColumn('reason', 'text')
    .addColumn('return_id', 'text', (c) => c.references('vendor_returns.id').onDelete('no action'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  // Usable notes of a vendor, oldest issue date first (spec part 5).
  await index('vendor_credit_notes_site_vendor_issue', 'vendor_credit_notes', [
    'site_id',
    'vendor',
    'issue_date',
  ]);
  await index('vendor_credit_notes_return', 'vendor_credit_notes', ['return_id']);

  // One usage row per (payment, credit note).
  await table('credit_note_usage')
    .addColumn('credit_note', 'text', (c) =>
      c.notNull().references('vendor_credit_notes.id').onDelete('no action'),
    )
    .addColumn('used_amount', 'bigint', (c) => c.notNull())
    .addColumn('used_date', 'text', (c) => c.notNull())
    .addColumn('payment', 'text', (c) => c.references('payments.id').onDelete('no action'))
    .addColumn('vendor', 'text', (c) => c.notNull().references('vendors.id').onDelete('no action'))
    .addColumn('description', 'text')
    .execute();
  await unique('credit_note_usage_payment_note_unique', 'credit_note_usage', [
    'payment',
    'credit_note',
  ]);
  await index('credit_note_usage_credit_note', 'credit_note_usage', ['credit_note']);
  await index('credit_note_usage_site_date', 'credit_note_usage', ['site_id', 'used_date']);

  await table('account_transactions')
    .addColumn('account', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('no action'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('transaction_date', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('reference', 'text')
    .addColumn('notes', 'text')
    .addColumn('vendor', 'text', (c) => c.references('vendors.id').onDelete('no action'))
    .addColumn('payment', 'text', (c) => c.references('payments.id').onDelete('no action'))
    .addColumn('vendor_refund', 'text', (c) =>
      c.references('vendor_refunds.id').onDelete('no action'),
    )
    .addColumn('transaction_category', 'text')
    .execute();
  await index('account_transactions_site_account_date', 'account_transactions', [
    'site_id',
    'account',
    'transaction_date',
    'id',
  ]);
  await index('account_transactions_site_date', 'account_transactions', [
    'site_id',
    'transaction_date',
    'id',
  ]);
  await index('account_transactions_payment', 'account_transactions', ['payment']);
  await index('account_transactions_vendor_refund', 'account_transactions', ['vendor_refund']);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'account_transactions',
    'credit_note_usage',
    'vendor_credit_notes',
    'vendor_refunds',
    'vendor_return_items',
    'vendor_returns',
    'payment_allocations',
    'payments',
    'service_bookings',
    'delivery_items',
    'deliveries',
    'quotations',
    'vendor_tags',
    'service_tags',
    'item_tags',
    'vendors',
    'services',
    'items',
    'tags',
    'accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
