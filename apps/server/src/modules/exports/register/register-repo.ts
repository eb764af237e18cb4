import { sql } from 'kysely';
import type { Executor } from '../../../db/executor.js';
import { creditNoteRows } from './register-credit-notes.js';

/** One register row as read: paise, rate in hundredths of a percent (or null). */
export interface RegisterRecord {
  kind: 'delivery' | 'booking' | 'return' | 'credit_note';
  id: string;
  date: string;
  vendor: string;
  vendor_gstin: string | null;
  supplier_invoice_number: string | null;
  supplier_invoice_date: string | null;
  gst_rate: number | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** The delivery's typed tax figure (deliveries only; used when no line has a rate). */
  typed_tax: number;
}

type Raw = Record<string, unknown>;

const num = (value: unknown) => Number(value ?? 0);
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

function record(kind: RegisterRecord['kind'], r: Raw): RegisterRecord {
  return {
    kind,
    id: String(r.id),
    date: String(r.date),
    vendor: String(r.vendor),
    vendor_gstin: text(r.vendor_gstin),
    supplier_invoice_number: text(r.supplier_invoice_number),
    supplier_invoice_date: text(r.supplier_invoice_date),
    gst_rate: r.gst_rate === null || r.gst_rate === undefined ? null : num(r.gst_rate),
    taxable: num(r.taxable),
    cgst: num(r.cgst),
    sgst: num(r.sgst),
    igst: num(r.igst),
    typed_tax: num(r.typed_tax),
  };
}

/**
 * The site's purchases in a period, one record per bill (or return) and GST rate: deliveries by
 * delivery date, bookings not cancelled by start date, returns that count (approved, completed,
 * refunded) by return date at their delivery lines' rates. Each branch walks the site's date
 * index; a month of a busy site is a few thousand rows.
 */
export async function registerRecords(
  db: Executor,
  siteId: string,
  from: string,
  to: string,
): Promise<RegisterRecord[]> {
  const [deliveries, bookings, returns, notes] = await Promise.all([
    sql<Raw>`
      select d.id, d.delivery_date as date, v.name as vendor, v.gstin as vendor_gstin,
        d.supplier_invoice_number, d.supplier_invoice_date, di.gst_rate,
        sum(di.total_amount) as taxable, sum(di.cgst_amount) as cgst,
        sum(di.sgst_amount) as sgst, sum(di.igst_amount) as igst, d.tax_amount as typed_tax
      from deliveries d
        join vendors v on v.id = d.vendor
        join delivery_items di on di.delivery = d.id
      where d.site_id = ${siteId} and d.delivery_date >= ${from} and d.delivery_date <= ${to}
      group by d.id, d.delivery_date, v.name, v.gstin, d.supplier_invoice_number,
        d.supplier_invoice_date, di.gst_rate, d.tax_amount
      order by d.delivery_date, d.id, di.gst_rate`.execute(db),
    sql<Raw>`
      select b.id, b.start_date as date, v.name as vendor, v.gstin as vendor_gstin,
        cast(null as text) as supplier_invoice_number,
        cast(null as text) as supplier_invoice_date, b.gst_rate,
        b.total_amount as taxable, b.cgst_amount as cgst, b.sgst_amount as sgst,
        b.igst_amount as igst, 0 as typed_tax
      from service_bookings b join vendors v on v.id = b.vendor
      where b.site_id = ${siteId} and b.status <> 'cancelled'
        and b.start_date >= ${from} and b.start_date <= ${to}
      order by b.start_date, b.id`.execute(db),
    sql<Raw>`
      select r.id, r.return_date as date, v.name as vendor, v.gstin as vendor_gstin,
        cast(null as text) as supplier_invoice_number,
        cast(null as text) as supplier_invoice_date, di.gst_rate,
        sum(ri.return_amount) as taxable, sum(ri.cgst_amount) as cgst,
        sum(ri.sgst_amount) as sgst, sum(ri.igst_amount) as igst, 0 as typed_tax
      from vendor_returns r
        join vendors v on v.id = r.vendor
        join vendor_return_items ri on ri.vendor_return = r.id
        join delivery_items di on di.id = ri.delivery_item
      where r.site_id = ${siteId} and r.status in ('approved', 'completed', 'refunded')
        and r.return_date >= ${from} and r.return_date <= ${to}
      group by r.id, r.return_date, v.name, v.gstin, di.gst_rate
      order by r.return_date, r.id, di.gst_rate`.execute(db),
    creditNoteRows(db, siteId, from, to),
  ]);
  return [
    ...deliveries.rows.map((r) => record('delivery', r)),
    ...bookings.rows.map((r) => record('booking', r)),
    ...returns.rows.map((r) => record('return', r)),
    ...notes.rows.map((r) => record('credit_note', r)),
  ];
}

export async function siteTaxProfile(db: Executor, siteId: string) {
  return db
    .selectFrom('sites')
    .select(['name', 'gstin', 'state_code', 'input_tax_mode'])
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
}
