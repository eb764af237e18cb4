import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database>;

/** The site's own GST registration (the owner's GSTIN the vouchers belong to). */
export async function siteGst(db: Db, siteId: string) {
  const row = await db
    .selectFrom('sites')
    .select(['gstin', 'state_code'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  return { gstin: row?.gstin ?? null, state: row?.state_code ?? null };
}

/** One rate and HSN/SAC of a bill or return, as read (sums in paise; rate in hundredths). */
export interface GroupRow {
  owner: string;
  place_of_supply: string | null;
  site_state: string | null;
  gst_rate: number | null;
  hsn: string | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

const inList = (ids: readonly string[]) => sql`(${sql.join(ids)})`;

async function read(db: Db, ids: readonly string[], query: ReturnType<typeof sql<GroupRow>>) {
  if (ids.length === 0) return [];
  return (await query.execute(db)).rows;
}

/** The lines of deliveries by rate and HSN (the item's code), with their place of supply. */
export const deliveryGroups = (db: Db, ids: readonly string[]) =>
  read(
    db,
    ids,
    sql<GroupRow>`select d.id as owner, d.place_of_supply, s.state_code as site_state,
      di.gst_rate, i.hsn_code as hsn, sum(di.total_amount) as taxable,
      sum(di.cgst_amount) as cgst, sum(di.sgst_amount) as sgst, sum(di.igst_amount) as igst
      from deliveries d
        join sites s on s.id = d.site_id
        join delivery_items di on di.delivery = d.id
        join items i on i.id = di.item
      where d.id in ${inList(ids)}
      group by d.id, d.place_of_supply, s.state_code, di.gst_rate, i.hsn_code`,
  );

/** A booking's rate and the service's SAC (a booking's place of supply is the site's). */
export const bookingGroups = (db: Db, ids: readonly string[]) =>
  read(
    db,
    ids,
    sql<GroupRow>`select b.id as owner, cast(null as text) as place_of_supply,
      s.state_code as site_state, b.gst_rate, sv.sac_code as hsn, b.total_amount as taxable,
      b.cgst_amount as cgst, b.sgst_amount as sgst, b.igst_amount as igst
      from service_bookings b
        join sites s on s.id = b.site_id
        join services sv on sv.id = b.service
      where b.id in ${inList(ids)}`,
  );

/** The lines of returns by their delivery lines' rate, HSN and place of supply. */
export const returnGroups = (db: Db, ids: readonly string[]) =>
  read(
    db,
    ids,
    sql<GroupRow>`select ri.vendor_return as owner, d.place_of_supply,
      s.state_code as site_state, di.gst_rate, i.hsn_code as hsn,
      sum(ri.return_amount) as taxable, sum(ri.cgst_amount) as cgst,
      sum(ri.sgst_amount) as sgst, sum(ri.igst_amount) as igst
      from vendor_return_items ri
        join delivery_items di on di.id = ri.delivery_item
        join deliveries d on d.id = di.delivery
        join sites s on s.id = d.site_id
        join items i on i.id = di.item
      where ri.vendor_return in ${inList(ids)}
      group by ri.vendor_return, d.place_of_supply, s.state_code, di.gst_rate, i.hsn_code`,
  );
