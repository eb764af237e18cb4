import { sql } from 'kysely';
import type { Executor } from '../../../db/executor.js';

/**
 * Issue 40 item 6: a supplier's GST credit note (s.34) is a row of the purchase register — kind
 * `credit_note`, negative (the service signs it), by issue date, with the supplier's note number
 * and date in the invoice columns — so it reduces 4(A)(5). Only notes that carry GST
 * (taxable_amount set) and were not issued for a return: a return's note is covered by the
 * return's own negative row (the return reverses the tax), and counting it again would halve the
 * credit twice.
 */
export function creditNoteRows(db: Executor, siteId: string, from: string, to: string) {
  return sql<Record<string, unknown>>`
    select c.id, c.issue_date as date, v.name as vendor, v.gstin as vendor_gstin,
      c.supplier_note_number as supplier_invoice_number,
      c.supplier_note_date as supplier_invoice_date, c.gst_rate,
      c.taxable_amount as taxable, c.cgst_amount as cgst, c.sgst_amount as sgst,
      c.igst_amount as igst, 0 as typed_tax
    from vendor_credit_notes c join vendors v on v.id = c.vendor
    where c.site_id = ${siteId} and c.taxable_amount is not null and c.return_id is null
      and c.issue_date >= ${from} and c.issue_date <= ${to}
    order by c.issue_date, c.id`.execute(db);
}
