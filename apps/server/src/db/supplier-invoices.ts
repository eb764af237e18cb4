import { financialYearBounds, supplierInvoiceKey } from '@siteledger/domain';
import { sql } from 'kysely';
import { AppError } from '../platform/errors.js';
import type { Executor } from './executor.js';
import { isPostgres } from './locking.js';

/*
 * One supplier invoice, one record (issue 40 item 7a). GSTR-2B identifies an invoice by the
 * supplier's GSTIN, its number and its financial year, so the same number twice for one GSTIN in
 * one financial year (April–March; the invoice date, else the record's own business date) is
 * refused with 409 DUPLICATE_SUPPLIER_INVOICE naming the other record. Numbers are compared
 * trimmed and case-insensitively. A vendor without a GSTIN is its own key (its vendor record).
 * The check runs inside the write's transaction; on PostgreSQL a transaction-scoped advisory lock
 * on the key makes two racing writes of the same invoice serial, so the second one sees the first.
 */

/** A table whose rows carry `vendor`, `supplier_invoice_number` and `supplier_invoice_date`. */
export interface InvoiceSource {
  table: 'deliveries' | 'service_bookings';
  /** The row's business date, used when it has no supplier invoice date. */
  dateColumn: 'delivery_date' | 'start_date';
  /** `kind` in the error's data. */
  kind: 'delivery' | 'booking';
}

export const DELIVERY_INVOICES: InvoiceSource = {
  table: 'deliveries',
  dateColumn: 'delivery_date',
  kind: 'delivery',
};

export interface InvoiceCandidate {
  siteId: string;
  vendor: string;
  number: string | null | undefined;
  invoiceDate: string | null | undefined;
  businessDate: string;
  /** The record being changed (left out of the search). */
  exceptId?: string;
}

export async function checkSupplierInvoiceUnique(
  db: Executor,
  source: InvoiceSource,
  candidate: InvoiceCandidate,
): Promise<void> {
  const key = supplierInvoiceKey(candidate.number);
  if (!key) return;
  const { from, to } = financialYearBounds(candidate.invoiceDate || candidate.businessDate);
  const vendor = await db
    .selectFrom('vendors')
    .select('gstin')
    .where('site_id', '=', candidate.siteId)
    .where('id', '=', candidate.vendor)
    .executeTakeFirst();
  const gstin = vendor?.gstin ?? null;
  if (isPostgres(db)) {
    const lockKey = `${candidate.siteId}|${gstin ?? candidate.vendor}|${from}|${key}`;
    await sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`.execute(db);
  }
  const table = sql.table(source.table);
  const businessDate = sql.ref(`r.${source.dateColumn}`);
  const supplier = gstin ? sql`v.gstin = ${gstin}` : sql`r.vendor = ${candidate.vendor}`;
  const found = await sql<{
    id: string;
    date: string;
    supplier_invoice_date: string | null;
    number: string;
  }>`
    select r.id, ${businessDate} as date, r.supplier_invoice_date,
      r.supplier_invoice_number as number
    from ${table} r join vendors v on v.id = r.vendor
    where r.site_id = ${candidate.siteId} and ${supplier}
      and lower(trim(r.supplier_invoice_number)) = ${key}
      and coalesce(r.supplier_invoice_date, ${businessDate}) >= ${from}
      and coalesce(r.supplier_invoice_date, ${businessDate}) <= ${to}
      and r.id <> ${candidate.exceptId ?? ''}
    order by ${businessDate}, r.id
    limit 1`.execute(db);
  const other = found.rows[0];
  if (!other) return;
  throw new AppError('DUPLICATE_SUPPLIER_INVOICE', {
    field: 'supplier_invoice_number',
    kind: source.kind,
    id: other.id,
    date: other.date,
    supplier_invoice_date: other.supplier_invoice_date,
    number: other.number,
  });
}
