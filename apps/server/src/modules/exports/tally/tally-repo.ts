import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  AccountType,
  Database,
  InputTaxMode,
  RecordedTaxColumns,
} from '../../../db/schema.js';
import type { NamedRecord } from './tally-names.js';
import type { NoteGst } from './tally-credit-note-gst.js';

type Db = Kysely<Database>;

/** Returns whose goods and money count in the ledger (ledger-repo.ts). */
const COUNTED_RETURN = sql`('approved', 'completed', 'refunded')`;

export interface SiteProfile {
  id: string;
  name: string;
  admin_user: string;
  input_tax_mode: InputTaxMode;
}

export async function siteProfile(db: Db, siteId: string): Promise<SiteProfile | undefined> {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'admin_user', 'input_tax_mode'])
    .where('id', '=', siteId)
    .executeTakeFirst();
}

/** The owner's sites, as named records (for the cost centres' names). */
export async function ownerSites(db: Db, owner: string): Promise<NamedRecord[]> {
  const rows = await db
    .selectFrom('sites')
    .select(['id', 'name', 'created'])
    .where('admin_user', '=', owner)
    .execute();
  return rows.map((row) => ({ ...row, site_id: row.id }));
}

/** Every vendor of the owner's sites (names only): the field in which a party name is unique. */
export async function ownerVendors(db: Db, owner: string): Promise<NamedRecord[]> {
  return db
    .selectFrom('vendors as v')
    .innerJoin('sites as s', 's.id', 'v.site_id')
    .select(['v.id', 'v.site_id', 'v.name', 'v.created'])
    .where('s.admin_user', '=', owner)
    .execute();
}

export interface AccountRecord extends NamedRecord {
  type: AccountType;
}

/** Every money account of the owner's sites (names only). */
export async function ownerAccounts(db: Db, owner: string): Promise<AccountRecord[]> {
  return db
    .selectFrom('accounts as a')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['a.id', 'a.site_id', 'a.name', 'a.created', 'a.type'])
    .where('s.admin_user', '=', owner)
    .execute();
}

/** Ids of the accounts the payments and money refunds of the site (or of one vendor) went through. */
export async function accountsUsed(db: Db, siteId: string, vendor?: string): Promise<string[]> {
  const byVendor = (column: RawBuilder<unknown>) =>
    vendor === undefined ? sql`true` : sql`${column} = ${vendor}`;
  const result = await sql<{ account: string }>`
    select p.account from payments p where p.site_id = ${siteId} and ${byVendor(sql`p.vendor`)}
      and p.account is not null
    union
    select f.account from vendor_refunds f where f.site_id = ${siteId}
      and ${byVendor(sql`f.vendor`)} and f.account is not null
    union
    select c.account from tds_challans c where c.site_id = ${siteId}
      and ${vendor === undefined ? sql`true` : sql`false`} and c.account is not null`.execute(db);
  return result.rows.map((row) => String(row.account));
}

const inList = (ids: readonly string[]) => sql`(${sql.join(ids)})`;

async function rows<T>(db: Db, ids: readonly string[], query: RawBuilder<T>): Promise<T[]> {
  if (ids.length === 0) return [];
  return (await query.execute(db)).rows;
}

/** The GST heads of a bill or return, in paise. */
export interface Heads {
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

/**
 * What a bill or return was recorded with (issue 40): the supplier's GSTIN, state and
 * registration of that moment, and its own input_tax_mode, which its voucher posts by.
 */
export type Recorded = Pick<
  RecordedTaxColumns,
  'vendor_gstin' | 'vendor_state_code' | 'vendor_registration_type' | 'input_tax_mode'
>;
const recorded = (alias: string) =>
  sql.raw(`${alias}.vendor_gstin, ${alias}.vendor_state_code, ${alias}.vendor_registration_type,
      ${alias}.input_tax_mode`);

/**
 * Whether any bill or return of the site (of one vendor, dated up to `to` when given) was
 * recorded claiming input tax: then the file carries the typed Input CGST/SGST/IGST ledgers.
 */
export async function anyRecordClaims(
  db: Db,
  siteId: string,
  vendor?: string,
  to?: string,
): Promise<boolean> {
  const of = (alias: string, date: string) =>
    sql.join(
      [
        sql`${sql.ref(`${alias}.site_id`)} = ${siteId}`,
        sql`${sql.ref(`${alias}.input_tax_mode`)} = 'claim'`,
        ...(vendor === undefined ? [] : [sql`${sql.ref(`${alias}.vendor`)} = ${vendor}`]),
        ...(to === undefined ? [] : [sql`${sql.ref(`${alias}.${date}`)} <= ${to}`]),
      ],
      sql` and `,
    );
  const result = await sql<{ found: number }>`select 1 as found where
    exists (select 1 from deliveries d where ${of('d', 'delivery_date')})
    or exists (select 1 from service_bookings b where ${of('b', 'start_date')})
    or exists (select 1 from vendor_returns r where ${of('r', 'return_date')})`.execute(db);
  return result.rows.length > 0;
}

/** The columns every bill's voucher reads (its GST heads, reverse charge, supplier invoice). */
type BillColumns =
  'id' | keyof Heads | 'reverse_charge' | 'supplier_invoice_number' | 'supplier_invoice_date';

export interface DeliveryDetail
  extends
    Recorded,
    Pick<
      Database['deliveries'],
      BillColumns | 'items_total' | 'tax_amount' | 'round_off' | 'tax_overrides'
    > {
  bill: string;
}

/**
 * A bill's name as recorded (`bill_name`, fixed when the bill was made); the fallback only
 * covers a row written by a path that does not set it yet, named the way bill-name.ts names bills.
 */
const deliveryBill = sql`coalesce(d.bill_name,
  coalesce(nullif(d.delivery_reference, ''), d.delivery_date) || ' (' || substr(d.id, 1, 6) || ')')`;
const bookingBill = sql`coalesce(b.bill_name,
  'Booking ' || b.start_date || ' (' || substr(b.id, 1, 6) || ')')`;
/** A standalone credit note's bill: its name as issued (reference or date, a piece of its id). */
const noteBill = sql`coalesce(c.bill_name, coalesce(nullif(c.reference, ''),
  'Credit note ' || c.issue_date) || ' (' || substr(c.id, 1, 6) || ')')`;

export const deliveries = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<DeliveryDetail>`select d.id, ${deliveryBill} as bill, d.items_total, d.tax_amount,
      d.cgst_amount, d.sgst_amount, d.igst_amount, d.round_off, d.supplier_invoice_number,
      d.supplier_invoice_date, d.reverse_charge, d.tax_overrides, ${recorded('d')}
      from deliveries d where d.id in ${inList(ids)}`,
  );

export interface BookingDetail
  extends
    Recorded,
    Pick<
      Database['service_bookings'],
      BillColumns | 'rcm_cgst_amount' | 'rcm_sgst_amount' | 'rcm_igst_amount'
    > {
  bill: string;
}

export const bookings = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<BookingDetail>`select b.id, ${bookingBill} as bill, b.cgst_amount, b.sgst_amount,
      b.igst_amount, b.reverse_charge, b.rcm_cgst_amount, b.rcm_sgst_amount, b.rcm_igst_amount,
      b.supplier_invoice_number, b.supplier_invoice_date, ${recorded('b')}
      from service_bookings b where b.id in ${inList(ids)}`,
  );

export interface ReturnDetail extends Heads, Recorded {
  id: string;
  total_return_amount: number;
  /** The supplier's credit note (issue 40): the Debit Note's reference. */
  supplier_credit_note_number: string | null;
  supplier_credit_note_date: string | null;
}

export const returns = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<ReturnDetail>`select r.id, r.total_return_amount, r.cgst_amount, r.sgst_amount,
      r.igst_amount, r.supplier_credit_note_number, r.supplier_credit_note_date, ${recorded('r')}
      from vendor_returns r where r.id in ${inList(ids)}`,
  );

/** What a return gives back against each original bill: value plus the tax it reverses. */
export interface ReturnBill {
  vendor_return: string;
  bill: string;
  amount: number;
}

/** The original bills of counted returns, in the order of the bills. */
export const returnBills = (db: Db, returnIds: readonly string[]) =>
  rows(
    db,
    returnIds,
    sql<ReturnBill>`select ri.vendor_return, ${deliveryBill} as bill,
      sum(ri.return_amount + ri.cgst_amount + ri.sgst_amount + ri.igst_amount) as amount
      from vendor_return_items ri
      join vendor_returns r on r.id = ri.vendor_return
      join delivery_items di on di.id = ri.delivery_item
      join deliveries d on d.id = di.delivery
      where ri.vendor_return in ${inList(returnIds)} and r.status in ${COUNTED_RETURN}
      group by ri.vendor_return, d.id, d.bill_name, d.delivery_reference, d.delivery_date,
        d.created
      order by ri.vendor_return, min(d.delivery_date), d.created, d.id`,
  );

/** The bill a credit note settles against: its own, or (when that return counts) its return's. */
export interface NoteDetail extends NoteGst {
  id: string;
  /** Set for a standalone note. */
  bill: string | null;
  /** Set for a note issued for a counted return. */
  return_id: string | null;
  /** As its original invoice was recorded, else the site's mode now (issue 40 item 3). */
  input_tax_mode?: InputTaxMode;
}

const noteTarget = sql`case when c.return_id is null then ${noteBill} else null end as bill,
  case when r.status in ${COUNTED_RETURN} then r.id else null end as return_id`;

/** A note's GST (issue 40 item 6): its Debit Note reverses the purchase and Input ledgers. */
const noteGstColumns = sql`c.taxable_amount, c.cgst_amount, c.sgst_amount, c.igst_amount,
  c.original_booking, c.supplier_note_number, c.supplier_note_date`;

export const notes = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<NoteDetail>`select c.id, ${noteTarget}, ${noteGstColumns},
      coalesce(od.input_tax_mode, ob.input_tax_mode, s.input_tax_mode) as input_tax_mode
      from vendor_credit_notes c
        join sites s on s.id = c.site_id
        left join vendor_returns r on r.id = c.return_id
        left join deliveries od on od.id = c.original_delivery
        left join service_bookings ob on ob.id = c.original_booking
      where c.id in ${inList(ids)}`,
  );

export interface MoneyDetail {
  id: string;
  account: string | null;
}

/** A payment; a work-order advance's TDS was withheld from what the account paid (issue 43). */
export interface PaymentDetail extends MoneyDetail {
  tds_section: string | null;
  tds_amount: number;
}

export const payments = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<PaymentDetail>`select p.id, p.account, p.tds_section, p.tds_amount from payments p
      where p.id in ${inList(ids)}`,
  );

/** An RA bill's name among the supplier's bills: its work order's number and its own. */
const raBillName = sql`coalesce(o.number, o.title) || ' ' || r.number`;

/** An RA bill or a retention release (issue 43), with the figures its voucher posts. */
export interface RaBillDetail extends Heads {
  id: string;
  bill: string;
  kind: 'bill' | 'retention_release';
  gross_amount: number;
  retention_amount: number;
  net_payable: number;
  supplier_invoice_number: string | null;
  bill_date: string;
}

export const raBills = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<RaBillDetail>`select r.id, ${raBillName} as bill, r.kind, r.gross_amount, r.cgst_amount,
      r.sgst_amount, r.igst_amount, r.retention_amount, r.net_payable, r.supplier_invoice_number,
      r.bill_date
      from ra_bills r join work_orders o on o.id = r.work_order
      where r.id in ${inList(ids)}`,
  );

/** The bill a TDS deduction was made from, and its section (issue 43). */
export interface TdsBillDetail {
  id: string;
  bill: string;
  section: string;
}

export const tdsBills = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<TdsBillDetail>`select d.id, ${deliveryBill} as bill, d.tds_section as section
      from deliveries d where d.id in ${inList(ids)}
      union all
      select b.id, ${bookingBill}, b.tds_section from service_bookings b
      where b.id in ${inList(ids)}
      union all
      select r.id, ${raBillName}, r.tds_section from ra_bills r
      join work_orders o on o.id = r.work_order where r.id in ${inList(ids)}`,
  );

export interface RefundDetail extends MoneyDetail {
  /** The return, when it counts in the ledger. */
  return_id: string | null;
}

export const refunds = (db: Db, ids: readonly string[]) =>
  rows(
    db,
    ids,
    sql<RefundDetail>`select f.id, f.account,
      case when r.status in ${COUNTED_RETURN} then r.id else null end as return_id
      from vendor_refunds f join vendor_returns r on r.id = f.vendor_return
      where f.id in ${inList(ids)}`,
  );

/** What a payment was allocated to; `bill` is null for a booking that was since cancelled. */
export interface AllocationDetail {
  payment: string;
  bill: string | null;
  amount: number;
}

export const allocations = (db: Db, paymentIds: readonly string[]) =>
  rows(
    db,
    paymentIds,
    sql<AllocationDetail>`select pa.payment,
      case when pa.delivery is not null then ${deliveryBill}
        when b.status <> 'cancelled' then ${bookingBill} else null end as bill,
      pa.allocated_amount as amount
      , pa.created, pa.id
      from payment_allocations pa
      left join deliveries d on d.id = pa.delivery
      left join service_bookings b on b.id = pa.service_booking
      where pa.payment in ${inList(paymentIds)}
      union all
      select ra.payment, ${raBillName}, ra.allocated_amount, ra.created, ra.id
      from ra_bill_allocations ra
      join ra_bills r on r.id = ra.ra_bill join work_orders o on o.id = r.work_order
      where ra.payment in ${inList(paymentIds)}
      order by 1, 4, 5`,
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

/** True when the site has RA bills or any credit with TDS (issue 43): its file needs their ledgers. */
export async function usesSubcontract(db: Db, siteId: string): Promise<boolean> {
  const row = await sql<{ used: number }>`select case when
      exists (select 1 from ra_bills where site_id = ${siteId})
      or exists (select 1 from deliveries where site_id = ${siteId} and tds_amount <> 0)
      or exists (select 1 from service_bookings where site_id = ${siteId} and tds_amount <> 0)
      or exists (select 1 from payments where site_id = ${siteId} and tds_amount <> 0)
      or exists (select 1 from tds_challans where site_id = ${siteId})
    then 1 else 0 end as used`.execute(db);
  return Number(row.rows[0]?.used ?? 0) === 1;
}

/** A TDS deposit paid from an account (issue 43): a Payment voucher of the site-wide file. */
export interface ChallanDetail {
  id: string;
  section: string;
  month: string;
  bsr_code: string;
  challan_serial: string;
  deposit_date: string;
  amount: number;
  account: string;
}

/**
 * The site's challans paid from an account: dated `from`..`to` (a dated or whole file), or for an
 * incremental file those changed since its cut-off or dated after the last file's end.
 */
export async function challans(
  db: Db,
  siteId: string,
  range: { from: string; to: string } | { since: string; lastTo: string; to: string },
): Promise<ChallanDetail[]> {
  const which =
    'since' in range
      ? sql`(c.updated >= ${range.since} or c.deposit_date > ${range.lastTo})
          and c.deposit_date <= ${range.to}`
      : sql`c.deposit_date >= ${range.from} and c.deposit_date <= ${range.to}`;
  const result = await sql<ChallanDetail>`
    select c.id, c.section, c.month, c.bsr_code, c.challan_serial, c.deposit_date, c.amount,
      c.account
    from tds_challans c
    where c.site_id = ${siteId} and c.account is not null and ${which}
    order by c.deposit_date, c.id`.execute(db);
  return result.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}
