import type { Kysely } from 'kysely';
import { GST_STATES, isStateCode } from '@siteledger/domain';
import type { Database, VendorsTable } from '../../../db/schema.js';
import type { LedgerLine } from '../ledger-lines.js';
import { isReservedName, nameKey, uniqueNames } from './tally-names.js';
import { cancellationXml, type Cancellation } from './tally-cancel.js';
import { openingBills } from './tally-opening-bills.js';
import * as repo from './tally-repo.js';
import { gstDetails } from './tally-gst-particulars.js';
import { siteGst } from './tally-gst-repo.js';
import { rcmMastersXml, usesReverseCharge } from './tally-rcm.js';
import {
  accountGroup,
  GST_LEDGERS,
  LEDGERS,
  SUBCONTRACT_LEDGERS,
  tdsLedger,
  remoteId,
  voucherFor,
  type ChunkDetails,
  type VoucherContext,
} from './tally-vouchers.js';
import {
  costCentreXml,
  ENVELOPE_CLOSE,
  ENVELOPE_OPEN,
  ledgerXml,
  voucherXml,
  type GstRegistration,
} from './tally-xml.js';

type Db = Kysely<Database>;

/** One supplier of an export: its record, its balance before the period and its entries. */
export interface TallyVendor {
  vendor: Pick<
    VendorsTable,
    | 'id'
    | 'site_id'
    | 'name'
    | 'created'
    | 'gstin'
    | 'state_code'
    | 'registration_type'
    | 'address'
    | 'phone'
    | 'email'
    | 'contact_person'
  >;
  /** Paise, credit − debit before `from`. */
  opening: number;
  lines(): AsyncGenerator<LedgerLine[]>;
  /** A dated file: the entries before `from`, whose pending bills make the opening bill-wise. */
  openingLines?(): AsyncGenerator<LedgerLine[]>;
}

/** What one Tally file holds: one site's suppliers (one, or all of them) over one period. */
export interface TallyPlan {
  siteId: string;
  /** The period has a start: each supplier's balance before it goes with its master. */
  dated: boolean;
  vendors: TallyVendor[];
  /** Only the accounts these vendors' money went through (the vendor export), else the site's. */
  vendorId?: string;
  /** The period's last day: Input ledgers are written when a record up to it claims. */
  to?: string;
  /** An incremental file: vouchers of records that left the books since the last export. */
  cancellations?: Cancellation[];
  /** The site-wide file: TDS deposited from the site's accounts in its period (issue 43). */
  challans?: repo.ChallanDetail[];
}

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

function grouped<T, K extends keyof T>(rows: T[], key: K): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const id = String(row[key]);
    map.set(id, [...(map.get(id) ?? []), row]);
  }
  return map;
}

/** The records behind one chunk of entries, read with one query per kind. */
async function chunkDetails(db: Db, lines: LedgerLine[]): Promise<ChunkDetails> {
  const ids = (type: string) => lines.filter((l) => l.type === type).map((l) => l.id);
  const paymentIds = ids('payment');
  const noteIds = [...new Set([...ids('credit_note'), ...ids('credit_note_expired')])];
  const [
    deliveries,
    bookings,
    returns,
    notes,
    payments,
    refunds,
    allocations,
    usages,
    raBills,
    tdsBills,
  ] = await Promise.all([
    repo.deliveries(db, ids('delivery')),
    repo.bookings(db, ids('service_booking')),
    repo.returns(db, ids('return')),
    repo.notes(db, noteIds),
    repo.payments(db, paymentIds),
    repo.refunds(db, ids('refund')),
    repo.allocations(db, paymentIds),
    repo.usages(db, paymentIds),
    repo.raBills(db, ids('ra_bill')),
    repo.tdsBills(db, ids('tds')),
  ]);
  // The original bills of every return the chunk's entries settle against.
  const returnIds = new Set(ids('return'));
  for (const row of [...notes, ...usages, ...refunds]) {
    if (row.return_id) returnIds.add(row.return_id);
  }
  const returnBills = await repo.returnBills(db, [...returnIds]);
  const gst = await gstDetails(db, lines);
  return {
    deliveries: byId(deliveries),
    bookings: byId(bookings),
    returns: byId(returns),
    returnBills: grouped(returnBills, 'vendor_return'),
    notes: byId(notes),
    payments: byId(payments),
    refunds: byId(refunds),
    allocations: grouped(allocations, 'payment'),
    usages: grouped(usages, 'payment'),
    raBills: byId(raBills),
    tdsBills: byId(tdsBills),
    gst,
  };
}

const REGISTRATION: Record<VendorsTable['registration_type'], GstRegistration> = {
  regular: 'Regular',
  composition: 'Composition',
  unregistered: 'Unregistered',
};

/**
 * The masters and names of one export: the site's cost centre, the ledgers the vouchers post
 * to, the money accounts and the suppliers. Names are unique among the owner's sites
 * (tally-names.ts); a cash account named like Tally's own "Cash" posts to that ledger, which
 * every company has, and is never written as a master.
 */
async function masters(db: Db, plan: TallyPlan) {
  const site = await repo.siteProfile(db, plan.siteId);
  if (!site) throw new Error(`site ${plan.siteId} not found`);
  const [sites, vendors, accounts, used] = await Promise.all([
    repo.ownerSites(db, site.admin_user),
    repo.ownerVendors(db, site.admin_user),
    repo.ownerAccounts(db, site.admin_user),
    repo.accountsUsed(db, plan.siteId, plan.vendorId),
  ]);
  const siteNames = new Map(sites.map((s) => [s.id, s.name]));
  const costCentre = uniqueNames([{ ...site, site_id: site.id, created: '' }], sites, siteNames);
  const centre = costCentre.get(site.id) ?? site.name;

  const accountById = byId(accounts);
  const usedAccounts = used
    .flatMap((id) => accountById.get(id) ?? [])
    .sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
  const builtInCash = usedAccounts.filter(
    (a) => a.type === 'cash' && nameKey(a.name) === nameKey('Cash'),
  );
  const named = uniqueNames(
    usedAccounts.filter((a) => !builtInCash.includes(a)),
    accounts,
    siteNames,
  );
  const accountNames = new Map(named);
  for (const a of builtInCash) accountNames.set(a.id, 'Cash');

  const partyNames = uniqueNames(
    plan.vendors.map((v) => v.vendor),
    vendors,
    siteNames,
  );

  let xml = costCentreXml(remoteId('sites', site.id), centre);
  for (const ledger of Object.values(LEDGERS)) {
    xml += ledgerXml({
      remoteId: remoteId('ledger', ledger.slug),
      name: ledger.name,
      parent: ledger.parent,
      // The ledgers whose lines carry the site's cost centre.
      costCentres: ledger.costCentres,
    });
  }
  // The typed Input ledgers, when any bill or return of the file's scope was recorded claiming
  // (issue 40: each record posts by its own mode, not the site's current one).
  if (await repo.anyRecordClaims(db, plan.siteId, plan.vendorId, plan.to)) {
    for (const [slug, ledger] of Object.entries(GST_LEDGERS)) {
      xml += ledgerXml({
        remoteId: remoteId('ledger', `input-${slug}`),
        name: ledger.name,
        parent: 'Duties & Taxes',
        dutyHead: ledger.head,
      });
    }
  }
  // Subcontractors (issue 43): works, retention and TDS ledgers, once the site has any.
  if (await repo.usesSubcontract(db, site.id)) {
    for (const ledger of Object.values(SUBCONTRACT_LEDGERS)) {
      xml += ledgerXml({
        remoteId: remoteId('ledger', ledger.slug),
        name: ledger.name,
        parent: ledger.parent,
        costCentres: ledger.costCentres,
      });
    }
  }
  // Reverse charge (issue 40 item 10): the liability ledgers its vouchers credit.
  if (await usesReverseCharge(db, site.id)) xml += rcmMastersXml((s) => remoteId('ledger', s));
  for (const account of usedAccounts) {
    const name = accountNames.get(account.id)!;
    if (builtInCash.includes(account) || isReservedName(name)) continue;
    xml += ledgerXml({
      remoteId: remoteId('accounts', account.id),
      name,
      parent: accountGroup(account.type),
    });
  }
  for (const { vendor, opening, openingLines } of plan.vendors) {
    const state =
      vendor.state_code && isStateCode(vendor.state_code) ? GST_STATES[vendor.state_code] : null;
    xml += ledgerXml({
      remoteId: remoteId('vendors', vendor.id),
      name: partyNames.get(vendor.id)!,
      parent: 'Sundry Creditors',
      billWise: true,
      gstin: vendor.gstin,
      state,
      registration: REGISTRATION[vendor.registration_type] ?? 'Unregistered',
      address: vendor.address,
      phone: vendor.phone,
      email: vendor.email,
      contact: vendor.contact_person,
      // A dated file carries the balance before its period as the supplier's opening balance.
      // Tally takes it only when it creates the ledger (the first file with this supplier); a
      // ledger it already has keeps its own (@@DUPIGNORE), and the vouchers of the earlier
      // files already make its balance — a journal here would count those entries twice.
      ...(plan.dated ? { openingBalance: opening } : {}),
      ...(plan.dated && openingLines
        ? { openingBills: await openingBills(openingLines(), (chunk) => chunkDetails(db, chunk)) }
        : {}),
    });
  }
  return { xml, centre, accountNames, partyNames };
}

/**
 * A TallyPrime import file: one envelope with one IMPORTDATA, the masters first and then one
 * voucher per ledger entry that moves money, supplier by supplier, a chunk of entries at a time.
 * The vendor export and the site-wide export both write through here.
 */
export async function* tallyXml(db: Db, plan: TallyPlan): AsyncGenerator<string> {
  const head = await masters(db, plan);
  const gstSite = await siteGst(db, plan.siteId);
  yield ENVELOPE_OPEN + head.xml;
  for (const { vendor, lines } of plan.vendors) {
    const ctx: VoucherContext = {
      party: head.partyNames.get(vendor.id)!,
      costCentre: head.centre,
      accounts: head.accountNames,
      gstSite,
    };
    for await (const chunk of lines()) {
      const details = await chunkDetails(db, chunk);
      let text = '';
      for (const line of chunk) {
        const voucher = voucherFor(ctx, line, details);
        if (voucher) text += voucherXml(voucher);
      }
      yield text;
    }
  }
  // TDS deposited (issue 43): TDS Payable of the section debited, the account credited.
  let deposits = '';
  for (const challan of plan.challans ?? []) {
    const account = head.accountNames.get(challan.account) ?? 'Cash';
    deposits += voucherXml({
      remoteId: remoteId('tds_challans', challan.id),
      type: 'Payment',
      date: challan.deposit_date,
      number: `${challan.bsr_code}/${challan.challan_serial}`,
      party: account,
      narration: `TDS ${challan.section} deposited for ${challan.month}`,
      lines: [
        { ledger: tdsLedger(challan.section), debit: true, paise: challan.amount },
        { ledger: account, debit: false, paise: challan.amount },
      ],
    });
  }
  if (deposits) yield deposits;
  const cancelled = (plan.cancellations ?? []).map(cancellationXml).join('');
  if (cancelled) yield cancelled;
  yield ENVELOPE_CLOSE;
}
