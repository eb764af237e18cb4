import { siteCondition } from './site-scope.js';
import { financialYearBounds, supplierInvoiceKey } from '@siteledger/domain';
import { sql, type RawBuilder } from 'kysely';
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

/**
 * Every table that keeps supplier invoices: a number is unique across all of them (a supplier's
 * invoice is one document, whether it was keyed as a delivery or a booking). A table that gains
 * `supplier_invoice_number` / `supplier_invoice_date` joins this list and calls the check on its
 * writes with its own source.
 */
export const BOOKING_INVOICES: InvoiceSource = {
  table: 'service_bookings',
  dateColumn: 'start_date',
  kind: 'booking',
};

export const INVOICE_SOURCES: readonly InvoiceSource[] = [DELIVERY_INVOICES, BOOKING_INVOICES];

export interface InvoiceCandidate {
  siteId: string;
  vendor: string;
  number: string | null | undefined;
  invoiceDate: string | null | undefined;
  businessDate: string;
  /** The record being changed (left out of the search). */
  exceptId?: string;
  /**
   * The supplier's GSTIN as the record keeps it (issue 40 item 2); undefined: the vendor's as it
   * is now (a new record, or a record whose vendor changes).
   */
  gstin?: string | null;
}

interface Found {
  source: InvoiceSource;
  id: string;
  date: string;
  supplier_invoice_date: string | null;
  number: string;
}

/** The first record of `source` with the key, or undefined. */
async function findIn(
  db: Executor,
  source: InvoiceSource,
  where: { siteId: string; supplier: RawBuilder<unknown>; key: string; from: string; to: string },
  exceptId: string,
): Promise<Found | undefined> {
  const table = sql.table(source.table);
  const businessDate = sql.ref(`r.${source.dateColumn}`);
  const found = await sql<Omit<Found, 'source'>>`
    select r.id, ${businessDate} as date, r.supplier_invoice_date,
      r.supplier_invoice_number as number
    from ${table} r join vendors v on v.id = r.vendor
    where r.site_id = ${where.siteId} and ${where.supplier}
      and lower(trim(r.supplier_invoice_number)) = ${where.key}
      and coalesce(r.supplier_invoice_date, ${businessDate}) >= ${where.from}
      and coalesce(r.supplier_invoice_date, ${businessDate}) <= ${where.to}
      and r.id <> ${exceptId}
    order by ${businessDate}, r.id
    limit 1`.execute(db);
  const row = found.rows[0];
  return row ? { source, ...row } : undefined;
}

/**
 * 409 DUPLICATE_SUPPLIER_INVOICE when another record of any invoice source has the candidate's
 * key; `self` is the table being written (its own row, `exceptId`, is left out).
 */
export async function checkSupplierInvoiceUnique(
  db: Executor,
  self: InvoiceSource,
  candidate: InvoiceCandidate,
): Promise<void> {
  const key = supplierInvoiceKey(candidate.number);
  if (!key) return;
  const { from, to } = financialYearBounds(candidate.invoiceDate || candidate.businessDate);
  const gstin =
    candidate.gstin !== undefined
      ? candidate.gstin
      : ((
          await db
            .selectFrom('vendors')
            .select('gstin')
            .where(siteCondition('vendors', 'vendors.site_id', candidate.siteId))
            .where('id', '=', candidate.vendor)
            .executeTakeFirst()
        )?.gstin ?? null);
  if (isPostgres(db)) {
    const lockKey = `${candidate.siteId}|${gstin ?? candidate.vendor}|${from}|${key}`;
    await sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`.execute(db);
  }
  // Each record's GSTIN as it recorded it: the invoice's, whatever the vendor master says now.
  const supplier = gstin ? sql`r.vendor_gstin = ${gstin}` : sql`r.vendor = ${candidate.vendor}`;
  const sources = INVOICE_SOURCES.some((s) => s.table === self.table)
    ? INVOICE_SOURCES
    : [self, ...INVOICE_SOURCES];
  for (const source of sources) {
    const exceptId = source.table === self.table ? (candidate.exceptId ?? '') : '';
    const other = await findIn(
      db,
      source,
      { siteId: candidate.siteId, supplier, key, from, to },
      exceptId,
    );
    if (!other) continue;
    throw new AppError('DUPLICATE_SUPPLIER_INVOICE', {
      field: 'supplier_invoice_number',
      kind: other.source.kind,
      id: other.id,
      date: other.date,
      supplier_invoice_date: other.supplier_invoice_date,
      number: other.number,
    });
  }
}
