import { sql } from 'kysely';
import type { Executor } from '../../../db/executor.js';
import type { InputTaxMode } from '../../../db/schema.js';
import { creditNoteRows } from './register-credit-notes.js';

/** One register row as read: paise, rate in hundredths of a percent (or null). */
export interface RegisterRecord {
  kind: 'delivery' | 'booking' | 'return' | 'credit_note' | 'petty_expense';
  id: string;
  date: string;
  vendor: string;
  /** As recorded on the bill or return (issue 40), not the vendor master's current GSTIN. */
  vendor_gstin: string | null;
  /** The record's own input_tax_mode (issue 40): its GSTR-3B table 4 reading. */
  input_tax_mode: InputTaxMode;
  supplier_invoice_number: string | null;
  supplier_invoice_date: string | null;
  gst_rate: number | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** The delivery's typed tax figure (deliveries only; used when no line has a rate). */
  typed_tax: number;
  /** The bill's place of supply (a return: its delivery's); null reads as the site's state. */
  place_of_supply: string | null;
  /** Under reverse charge (issue 40 item 10; a return: its delivery's). */
  reverse_charge: boolean;
  /** A delivery's per-rate heads as on the supplier's invoice (JSON), or null. */
  tax_overrides: string | null;
}

type Raw = Record<string, unknown>;

/** When a booking's credit is claimed: its supplier invoice's date, else its start date. */
const bookingDate = sql`coalesce(b.supplier_invoice_date, b.start_date)`;

const num = (value: unknown) => Number(value ?? 0);
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

function record(kind: RegisterRecord['kind'], r: Raw): RegisterRecord {
  return {
    kind,
    id: String(r.id),
    date: String(r.date),
    vendor: String(r.vendor),
    vendor_gstin: text(r.vendor_gstin),
    input_tax_mode: r.input_tax_mode === 'claim' ? 'claim' : 'cost',
    supplier_invoice_number: text(r.supplier_invoice_number),
    supplier_invoice_date: text(r.supplier_invoice_date),
    gst_rate: r.gst_rate === null || r.gst_rate === undefined ? null : num(r.gst_rate),
    taxable: num(r.taxable),
    cgst: num(r.cgst),
    sgst: num(r.sgst),
    igst: num(r.igst),
    typed_tax: num(r.typed_tax),
    place_of_supply: text(r.place_of_supply),
    reverse_charge: num(r.reverse_charge) === 1,
    tax_overrides: text(r.tax_overrides),
  };
}

/**
 * The site's purchases in a period, one record per bill (or return) and GST rate: deliveries by
 * delivery date, bookings not cancelled by their supplier invoice date (issue 40: credit follows
 * the invoice; one without an invoice by start date, unless still scheduled: then it claims
 * nothing), returns that count (approved, completed, refunded) by return date at their delivery
 * lines' rates, with the supplier's credit note as their document. Each branch walks the site's date
 * index; a month of a busy site is a few thousand rows.
 */
export async function registerRecords(
  db: Executor,
  siteId: string,
  from: string,
  to: string,
): Promise<RegisterRecord[]> {
  const [deliveries, bookings, returns, notes, petty] = await Promise.all([
    sql<Raw>`
      select d.id, d.delivery_date as date, v.name as vendor, d.vendor_gstin, d.input_tax_mode,
        d.supplier_invoice_number, d.supplier_invoice_date, di.gst_rate,
        sum(di.total_amount) as taxable, sum(di.cgst_amount) as cgst,
        sum(di.sgst_amount) as sgst, sum(di.igst_amount) as igst, d.tax_amount as typed_tax,
        d.place_of_supply, d.reverse_charge, d.tax_overrides
      from deliveries d
        join vendors v on v.id = d.vendor
        join delivery_items di on di.delivery = d.id
      where d.site_id = ${siteId} and d.delivery_date >= ${from} and d.delivery_date <= ${to}
      group by d.id, d.delivery_date, v.name, d.vendor_gstin, d.input_tax_mode,
        d.supplier_invoice_number, d.supplier_invoice_date, di.gst_rate, d.tax_amount,
        d.place_of_supply, d.reverse_charge, d.tax_overrides
      order by d.delivery_date, d.id, di.gst_rate`.execute(db),
    sql<Raw>`
      select b.id, ${bookingDate} as date, v.name as vendor, b.vendor_gstin, b.input_tax_mode,
        b.supplier_invoice_number, b.supplier_invoice_date, b.gst_rate,
        b.total_amount as taxable, b.cgst_amount + b.rcm_cgst_amount as cgst,
        b.sgst_amount + b.rcm_sgst_amount as sgst, b.igst_amount + b.rcm_igst_amount as igst,
        0 as typed_tax, cast(null as text) as place_of_supply, b.reverse_charge,
        cast(null as text) as tax_overrides
      from service_bookings b join vendors v on v.id = b.vendor
      where b.site_id = ${siteId} and b.status <> 'cancelled'
        and (b.supplier_invoice_date is not null or b.status <> 'scheduled')
        and ${bookingDate} >= ${from} and ${bookingDate} <= ${to}
      order by ${bookingDate}, b.id`.execute(db),
    sql<Raw>`
      select r.id, r.return_date as date, v.name as vendor, r.vendor_gstin, r.input_tax_mode,
        r.supplier_credit_note_number as supplier_invoice_number,
        r.supplier_credit_note_date as supplier_invoice_date, di.gst_rate,
        sum(ri.return_amount) as taxable, sum(ri.cgst_amount) as cgst,
        sum(ri.sgst_amount) as sgst, sum(ri.igst_amount) as igst, 0 as typed_tax,
        rd.place_of_supply, rd.reverse_charge, cast(null as text) as tax_overrides
      from vendor_returns r
        join vendors v on v.id = r.vendor
        join vendor_return_items ri on ri.vendor_return = r.id
        join delivery_items di on di.id = ri.delivery_item
        join deliveries rd on rd.id = di.delivery
      where r.site_id = ${siteId} and r.status in ('approved', 'completed', 'refunded')
        and r.return_date >= ${from} and r.return_date <= ${to}
      group by r.id, r.return_date, v.name, r.vendor_gstin, r.input_tax_mode,
        r.supplier_credit_note_number, r.supplier_credit_note_date, di.gst_rate,
        rd.place_of_supply, rd.reverse_charge
      order by r.return_date, r.id, di.gst_rate, rd.reverse_charge`.execute(db),
    creditNoteRows(db, siteId, from, to),
    // Petty expenses with a supplier's GSTIN (issue 46), not rejected, by the bill's date; the
    // supplier is named by what the holder wrote.
    sql<Raw>`
      select e.id, e.expense_date as date, e.description as vendor, e.vendor_gstin,
        e.input_tax_mode, cast(null as text) as supplier_invoice_number,
        cast(null as text) as supplier_invoice_date, e.gst_rate, e.taxable_amount as taxable,
        e.cgst_amount as cgst, e.sgst_amount as sgst, e.igst_amount as igst, 0 as typed_tax,
        cast(null as text) as place_of_supply, 0 as reverse_charge,
        cast(null as text) as tax_overrides
      from petty_expenses e
      where e.site_id = ${siteId} and e.vendor_gstin is not null and e.status <> 'rejected'
        and e.expense_date >= ${from} and e.expense_date <= ${to}
      order by e.expense_date, e.id`.execute(db),
  ]);
  return [
    ...deliveries.rows.map((r) => record('delivery', r)),
    ...bookings.rows.map((r) => record('booking', r)),
    ...returns.rows.map((r) => record('return', r)),
    ...notes.rows.map((r) => record('credit_note', r)),
    ...petty.rows.map((r) => record('petty_expense', r)),
  ];
}

export async function siteTaxProfile(db: Executor, siteId: string) {
  return db
    .selectFrom('sites')
    .select(['name', 'gstin', 'state_code', 'input_tax_mode'])
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
}
