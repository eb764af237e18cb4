import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { VendorExportSource } from '../export-sources.js';
import type { LedgerLine } from '../ledger-lines.js';
import * as repo from './tally-repo.js';
import {
  accountGroup,
  LEDGERS,
  remoteId,
  voucherFor,
  type ChunkDetails,
  type VoucherContext,
} from './tally-vouchers.js';
import {
  ENVELOPE_CLOSE,
  ENVELOPE_OPEN,
  IMPORTDATA_CLOSE,
  importDataOpen,
  ledgerXml,
  voucherXml,
} from './tally-xml.js';

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

function grouped<T extends { payment: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.payment, [...(map.get(row.payment) ?? []), row]);
  return map;
}

/** The records behind one chunk of entries, read with one query per kind. */
async function chunkDetails(db: Kysely<Database>, lines: LedgerLine[]): Promise<ChunkDetails> {
  const ids = (type: string) => lines.filter((l) => l.type === type).map((l) => l.id);
  const paymentIds = ids('payment');
  const noteIds = [...new Set([...ids('credit_note'), ...ids('credit_note_expired')])];
  const [deliveries, bookings, returns, notes, payments, refunds, allocations, usages] =
    await Promise.all([
      repo.deliveries(db, ids('delivery')),
      repo.bookings(db, ids('service_booking')),
      repo.returns(db, ids('return')),
      repo.notes(db, noteIds),
      repo.payments(db, paymentIds),
      repo.refunds(db, ids('refund')),
      repo.allocations(db, paymentIds),
      repo.usages(db, paymentIds),
    ]);
  return {
    deliveries: byId(deliveries),
    bookings: byId(bookings),
    returns: byId(returns),
    notes: byId(notes),
    payments: byId(payments),
    refunds: byId(refunds),
    allocations: grouped(allocations),
    usages: grouped(usages),
  };
}

/**
 * The vendor's ledger as a TallyPrime import: one envelope with an "All Masters" section (the
 * supplier under Sundry Creditors, the money accounts, the ledgers the vouchers post to) and a
 * "Vouchers" section with one voucher per ledger entry that moves money, written a chunk of
 * entries at a time.
 */
export async function* vendorTallyXml(
  db: Kysely<Database>,
  source: VendorExportSource,
): AsyncGenerator<string> {
  const vendor = source.vendor;
  const [duplicates, accounts] = await Promise.all([
    repo.duplicateBillNames(db, source.siteId, vendor.id),
    repo.accountsUsed(db, source.siteId, vendor.id),
  ]);
  let masters =
    ENVELOPE_OPEN +
    importDataOpen('All Masters') +
    ledgerXml({
      remoteId: remoteId('vendors', vendor.id),
      name: vendor.name,
      parent: 'Sundry Creditors',
      billWise: true,
      gstin: vendor.gstin,
      address: vendor.address,
      phone: vendor.phone,
      email: vendor.email,
      contact: vendor.contact_person,
    });
  for (const account of accounts) {
    masters += ledgerXml({
      remoteId: remoteId('accounts', account.id),
      name: account.name,
      parent: accountGroup(account.type),
    });
  }
  for (const ledger of Object.values(LEDGERS)) {
    masters += ledgerXml({
      remoteId: remoteId('ledger', ledger.slug),
      name: ledger.name,
      parent: ledger.parent,
    });
  }
  yield masters + IMPORTDATA_CLOSE + importDataOpen('Vouchers');

  const ctx: VoucherContext = { party: vendor.name, duplicates };
  for await (const lines of source.lines()) {
    const details = await chunkDetails(db, lines);
    let text = '';
    for (const line of lines) {
      const voucher = voucherFor(ctx, line, details);
      if (voucher) text += voucherXml(voucher);
    }
    yield text;
  }
  yield IMPORTDATA_CLOSE + ENVELOPE_CLOSE;
}
