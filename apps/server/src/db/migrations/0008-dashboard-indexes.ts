import { type AnyDb } from './helpers.js';

/**
 * Covering indexes for the dashboard's sums and monthly chart: the site's rows are read from the
 * index alone, not the table. On the benchmark's 20 000-delivery site the dashboard's SQL went
 * from 12.9 ms to 4.0 ms (bench/ANALYSIS.md).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('deliveries_site_dashboard')
    .on('deliveries')
    .columns(['site_id', 'delivery_date', 'total_amount', 'paid_amount'])
    .execute();
  await db.schema
    .createIndex('service_bookings_site_dashboard')
    .on('service_bookings')
    .columns(['site_id', 'start_date', 'status', 'total_amount', 'paid_amount'])
    .execute();
  await db.schema
    .createIndex('payments_site_dashboard')
    .on('payments')
    .columns(['site_id', 'payment_date', 'amount'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('payments_site_dashboard').execute();
  await db.schema.dropIndex('service_bookings_site_dashboard').execute();
  await db.schema.dropIndex('deliveries_site_dashboard').execute();
}
