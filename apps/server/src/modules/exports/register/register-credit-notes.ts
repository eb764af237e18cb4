import { sql } from 'kysely';
import type { Executor } from '../../../db/executor.js';

/**
 * Issue 40 item 6: a supplier's GST credit note (s.34) is a row of the purchase register — kind
 * `credit_note`, negative (the service signs it), by issue date, with the supplier's note number
 * and date in the invoice columns — so it reduces 4(A)(5). Only notes that carry GST
 * (taxable_amount set) and were not issued for a return: a return's note is covered by the
 * return's own negative row (the return reverses the tax), and counting it again would halve the
 * credit twice. A note counts as its original invoice was recorded (issue 40 items 2, 3: that
 * bill's GSTIN, input-tax mode and place of supply), else as the vendor and site are now.
 */
export function creditNoteRows(db: Executor, siteId: string, from: string, to: string) {
  return sql<Record<string, unknown>>`
    select c.id, c.issue_date as date, v.name as vendor,
      coalesce(od.vendor_gstin, ob.vendor_gstin, v.gstin) as vendor_gstin,
      coalesce(od.input_tax_mode, ob.input_tax_mode, s.input_tax_mode) as input_tax_mode,
      c.supplier_note_number as supplier_invoice_number,
      c.supplier_note_date as supplier_invoice_date, c.gst_rate,
      c.taxable_amount as taxable, c.cgst_amount as cgst, c.sgst_amount as sgst,
      c.igst_amount as igst, 0 as typed_tax, od.place_of_supply,
      coalesce(od.reverse_charge, ob.reverse_charge, 0) as reverse_charge,
      cast(null as text) as tax_overrides
    from vendor_credit_notes c join vendors v on v.id = c.vendor
      join sites s on s.id = c.site_id
      left join deliveries od on od.id = c.original_delivery
      left join service_bookings ob on ob.id = c.original_booking
    where c.site_id = ${siteId} and c.taxable_amount is not null and c.return_id is null
      and c.issue_date >= ${from} and c.issue_date <= ${to}
    order by c.issue_date, c.id`.execute(db);
}
