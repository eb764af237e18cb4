import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Violation } from './check.js';

type Row = Record<string, unknown>;
const s = (value: unknown) => String(value ?? '');

async function rows(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(db)).rows as Row[];
}

/**
 * GST credit notes (issue 40 item 6): a note that carries GST owes exactly its taxable value plus
 * its heads and is not a return's (whose tax the return reverses); a note without GST has no
 * heads; the invoice a note reduces is an existing delivery or booking of the same site (its
 * vendor is checked when the note is issued; a bill's vendor may be corrected later).
 */
export async function creditNoteChecks(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const push = (check: string, id: unknown, detail: string) =>
    out.push({ check, table: 'vendor_credit_notes', id: s(id), detail });

  const amounts = await rows(
    db,
    sql`select c.id, c.credit_amount, c.taxable_amount, c.return_id,
        c.cgst_amount + c.sgst_amount + c.igst_amount as heads
      from vendor_credit_notes c
      where (c.taxable_amount is not null
          and (c.credit_amount <> c.taxable_amount + c.cgst_amount + c.sgst_amount + c.igst_amount
            or c.return_id is not null))
        or (c.taxable_amount is null and c.cgst_amount + c.sgst_amount + c.igst_amount <> 0)`,
  );
  for (const r of amounts) {
    push(
      'credit note GST',
      r.id,
      r.taxable_amount === null
        ? `heads ${s(r.heads)} without a taxable value`
        : r.return_id !== null
          ? "a return's note carries GST of its own"
          : `credit ${s(r.credit_amount)} ≠ taxable ${s(r.taxable_amount)} + heads ${s(r.heads)}`,
    );
  }

  const originals = await rows(
    db,
    sql`select c.id, 'delivery' as kind from vendor_credit_notes c
        left join deliveries d on d.id = c.original_delivery
        where c.original_delivery is not null
          and (d.id is null or d.site_id <> c.site_id)
      union all
      select c.id, 'booking' from vendor_credit_notes c
        left join service_bookings b on b.id = c.original_booking
        where c.original_booking is not null
          and (b.id is null or b.site_id <> c.site_id)`,
  );
  for (const r of originals) {
    push('credit note original invoice', r.id, `not a ${s(r.kind)} of the note's site`);
  }
  return out;
}
