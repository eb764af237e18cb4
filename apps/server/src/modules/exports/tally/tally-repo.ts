import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AccountType, Database } from '../../../db/schema.js';

type Db = Kysely<Database>;

/**
 * Bill names (Tally's bill-wise references) are made in SQL so that the same record gets the same
 * name wherever it appears: as the New Ref of its own voucher and as the Agst Ref of a payment,
 * refund or lapse. A reference the vendor uses twice is told apart by the record id in JS.
 */
const ddmmyyyy = (column: RawBuilder<unknown>) =>
  sql`substr(${column}, 9, 2) || '-' || substr(${column}, 6, 2) || '-' || substr(${column}, 1, 4)`;
const deliveryBill = sql`coalesce(nullif(trim(d.delivery_reference), ''),
  'Delivery ' || ${ddmmyyyy(sql`d.delivery_date`)})`;
const bookingBill = sql`s.name || ' ' || ${ddmmyyyy(sql`b.start_date`)}`;
const returnBill = sql`'Return ' || ${ddmmyyyy(sql`r.return_date`)}`;
const noteBill = sql`coalesce(nullif(trim(c.reference), ''),
  'Credit note ' || ${ddmmyyyy(sql`c.issue_date`)})`;
const COUNTED_RETURN = sql`('approved', 'completed', 'refunded')`;

/** Lower-cased bill names that more than one of the vendor's bills would get. */
export async function duplicateBillNames(db: Db, siteId: string, vendor: string) {
  const result = await sql<{ bill: string }>`
    select lower(x.bill) as bill from (
      select ${deliveryBill} as bill from deliveries d
      where d.site_id = ${siteId} and d.vendor = ${vendor}
      union all
      select ${bookingBill} from service_bookings b join services s on s.id = b.service
      where b.site_id = ${siteId} and b.vendor = ${vendor} and b.status <> 'cancelled'
      union all
      select ${returnBill} from vendor_returns r
      where r.site_id = ${siteId} and r.vendor = ${vendor} and r.status in ${COUNTED_RETURN}
      union all
      select ${noteBill} from vendor_credit_notes c
      where c.site_id = ${siteId} and c.vendor = ${vendor} and c.return_id is null
    ) x group by lower(x.bill) having count(*) > 1`.execute(db);
  return new Set(result.rows.map((row) => String(row.bill)));
}

export interface AccountLedgerRow {
  id: string;
  name: string;
  type: AccountType;
}

/** The accounts the vendor's payments and money refunds went through (for ledger masters). */
export async function accountsUsed(db: Db, siteId: string, vendor: string) {
  const result = await sql<AccountLedgerRow>`
    select a.id, a.name, a.type from accounts a
    where a.site_id = ${siteId} and a.id in (
      select p.account from payments p where p.site_id = ${siteId} and p.vendor = ${vendor}
        and p.account is not null
      union
      select f.account from vendor_refunds f where f.site_id = ${siteId} and f.vendor = ${vendor}
        and f.account is not null)
    order by a.name, a.id`.execute(db);
  return result.rows;
}

const inList = (ids: readonly string[]) => sql`(${sql.join(ids)})`;

async function rows<T>(db: Db, ids: readonly string[], query: RawBuilder<T>): Promise<T[]> {
  if (ids.length === 0) return [];
  return (await query.execute(db)).rows;
}

export interface DeliveryDetail {
  id: string;
  bill: string;
  items_total: number;
  tax_amount: number;
  round_off: number;
}

export const deliveries = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<DeliveryDetail>`select d.id, ${deliveryBill} as bill, d.items_total, d.tax_amount,
      d.round_off from deliveries d where d.id in ${inList(ids)}`,
  );

export interface BillDetail {
  id: string;
  bill: string;
}

export const bookings = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<BillDetail>`select b.id, ${bookingBill} as bill from service_bookings b
      join services s on s.id = b.service where b.id in ${inList(ids)}`,
  );

export const returns = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<BillDetail>`select r.id, ${returnBill} as bill from vendor_returns r
      where r.id in ${inList(ids)}`,
  );

/** The bill a credit note settles against: its own, or its return's (when that return counts). */
export interface NoteDetail {
  id: string;
  target_id: string | null;
  bill: string | null;
}

const noteTarget = sql`case when c.return_id is null then c.id
  when r.status in ${COUNTED_RETURN} then r.id else null end as target_id,
  case when c.return_id is null then ${noteBill}
  when r.status in ${COUNTED_RETURN} then ${returnBill} else null end as bill`;

export const notes = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<NoteDetail>`select c.id, ${noteTarget} from vendor_credit_notes c
      left join vendor_returns r on r.id = c.return_id where c.id in ${inList(ids)}`,
  );

export interface MoneyDetail {
  id: string;
  account_name: string | null;
  account_type: AccountType | null;
}

export const payments = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<MoneyDetail>`select p.id, a.name as account_name, a.type as account_type
      from payments p left join accounts a on a.id = p.account where p.id in ${inList(ids)}`,
  );

export interface RefundDetail extends MoneyDetail {
  /** The return's bill, when the return counts in the ledger. */
  target_id: string | null;
  bill: string | null;
}

export const refunds = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<RefundDetail>`select f.id, a.name as account_name, a.type as account_type,
      case when r.status in ${COUNTED_RETURN} then r.id else null end as target_id,
      case when r.status in ${COUNTED_RETURN} then ${returnBill} else null end as bill
      from vendor_refunds f join vendor_returns r on r.id = f.vendor_return
      left join accounts a on a.id = f.account where f.id in ${inList(ids)}`,
  );

/** What a payment was allocated to; `bill` is null for a booking that was since cancelled. */
export interface AllocationDetail {
  payment: string;
  target_id: string;
  bill: string | null;
  amount: number;
}

export const allocations = (db: Db, paymentIds: readonly string[]) =>
  rows(
    db,
    paymentIds,
    sql<AllocationDetail>`select pa.payment, coalesce(pa.delivery, pa.service_booking) as target_id,
      case when pa.delivery is not null then ${deliveryBill}
        when b.status <> 'cancelled' then ${bookingBill} else null end as bill,
      pa.allocated_amount as amount
      from payment_allocations pa
      left join deliveries d on d.id = pa.delivery
      left join service_bookings b on b.id = pa.service_booking
      left join services s on s.id = b.service
      where pa.payment in ${inList(paymentIds)}
      order by pa.payment, pa.created, pa.id`,
  );

/** Credit notes a payment used, with the bill each settles against. */
export interface UsageDetail extends NoteDetail {
  payment: string;
  amount: number;
}

export const usages = (db: Db, paymentIds: readonly string[]) =>
  rows(
    db,
    paymentIds,
    sql<UsageDetail>`select u.payment, c.id, ${noteTarget}, u.used_amount as amount
      from credit_note_usage u join vendor_credit_notes c on c.id = u.credit_note
      left join vendor_returns r on r.id = c.return_id
      where u.payment in ${inList(paymentIds)}
      order by u.payment, u.created, u.id`,
  );
