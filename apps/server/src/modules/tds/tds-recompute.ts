import {
  bookingPaymentStatus,
  deliveryPaymentStatus,
  financialYearStart,
  rateFromStored,
  rateToStored,
  recomputeTds,
  TDS_SECTION_CODES,
  type SequencedTdsCredit,
} from '@siteledger/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { noteOtherSite } from '../../db/write-tracking.js';
import * as repo from './tds-repo.js';

/**
 * The TDS of a deductee's credits, recomputed inside the write that changed one of them (API.md
 * "TDS"). A deductee is a PAN (every vendor record with it on the sites sharing the writer's TAN),
 * or the vendor record alone without a PAN; its credits of the financial year are taken again in
 * date order, section by section, with the domain's `recomputeTds`.
 *
 * What was already paid is never silently changed: a credit with money allocated to it, a
 * work-order advance (its TDS was withheld from the account debit), or a credit of a month whose
 * TDS a challan has deposited is frozen — its TDS stays as
 * written, though it still counts toward the thresholds, and a later credit catches it up when it
 * was left untaxed. Only the credit the write is about is recomputed though paid (its own edit is
 * not silent: the below-paid rule then refuses a TDS that would leave it overpaid, or releases).
 */
export interface CreditRef {
  table: repo.CreditTable;
  id: string;
}

export interface RecomputeRequest {
  siteId: string;
  vendor: string;
  /** A business date in the financial year to recompute. */
  date: string;
  /** The credit the write is about (recomputed even when paid); absent after a delete. */
  subject?: CreditRef;
  now: string;
}

function fiscalYearEnd(start: string): string {
  return `${Number(start.slice(0, 4)) + 1}-03-31`;
}

/** Recomputes; answers the credits whose TDS changed (the subject always included). */
export async function recomputeDeductee(
  db: Executor,
  request: RecomputeRequest,
): Promise<Map<string, repo.TdsWrite>> {
  const changed = new Map<string, repo.TdsWrite>();
  const vendor = await repo.findVendor(db, request.siteId, request.vendor);
  if (!vendor) return changed;
  const sites = await repo.deductorSites(db, request.siteId);
  await repo.lockDeductee(db, vendor.pan ?? `vendor:${vendor.id}`);
  const vendors = await repo.deducteeVendors(db, sites, vendor);
  const from = financialYearStart(request.date);
  const credits = await repo.creditsOf(db, vendors, from, fiscalYearEnd(from));
  const deposited = await repo.depositedMonths(db, sites, from, fiscalYearEnd(from));
  const siteSet = new Set(sites);
  const mine = credits
    .filter((c) => siteSet.has(c.site_id))
    .sort((a, b) =>
      a.date !== b.date
        ? a.date < b.date
          ? -1
          : 1
        : a.created !== b.created
          ? a.created < b.created
            ? -1
            : 1
          : a.id < b.id
            ? -1
            : a.id > b.id
              ? 1
              : 0,
    );
  const isSubject = (c: repo.CreditRow) =>
    request.subject !== undefined &&
    c.table === request.subject.table &&
    c.id === request.subject.id;
  for (const section of TDS_SECTION_CODES) {
    const group = mine.filter((c) => c.section === section);
    if (group.length === 0) continue;
    const sequenced: SequencedTdsCredit[] = group.map((c) => {
      // Paid, an advance (withheld from its debit), or in a month whose TDS is deposited.
      const frozen =
        !isSubject(c) &&
        (c.table === 'payments' ||
          c.paid_amount > 0 ||
          deposited.has(`${section}|${c.date.slice(0, 7)}`));
      return {
        id: `${c.table}:${c.id}`,
        date: c.date,
        base: c.base,
        ...(frozen
          ? {
              frozen: true,
              tds_amount: c.tds_amount,
              carried: c.tds_carried,
              ...(c.tds_rate === null ? {} : { rate: rateFromStored(c.tds_rate) }),
            }
          : {}),
      };
    });
    const results = recomputeTds(
      { section, pan: vendor.pan, tds_194c6: vendor.tds_194c6 === 1 },
      sequenced,
    );
    const byKey = new Map(group.map((c) => [`${c.table}:${c.id}`, c]));
    for (const result of results) {
      const credit = byKey.get(result.id)!;
      const rate = rateToStored(result.rate);
      const same =
        credit.tds_amount === result.tds_amount &&
        credit.tds_carried === result.carried &&
        credit.tds_rate === rate;
      if (same && !isSubject(credit)) continue;
      const write: repo.TdsWrite = {
        table: credit.table,
        id: credit.id,
        tds_base: credit.base,
        tds_rate: rate,
        tds_amount: result.tds_amount,
        tds_carried: result.carried,
      };
      if (!same) await repo.writeTds(db, write, request.now);
      // Another site's bill of the same deductor: its screens and kept figures must hear of it.
      if (!same && credit.site_id !== request.siteId) noteOtherSite(credit.site_id, credit.table);
      changed.set(result.id, write);
    }
  }
  await refreshStatuses(db, [...changed.values()], request.now);
  return changed;
}

/** Payment statuses follow what the bills now owe (their total less the TDS). */
async function refreshStatuses(db: Executor, writes: readonly repo.TdsWrite[], now: string) {
  const ids = (table: repo.CreditTable) => writes.filter((w) => w.table === table).map((w) => w.id);
  const deliveries = ids('deliveries');
  if (deliveries.length > 0) {
    const rows = await db
      .selectFrom('deliveries')
      .select(['id', 'total_amount', 'tds_amount', 'paid_amount', 'payment_status'])
      .where('id', 'in', deliveries)
      .execute();
    for (const row of rows) {
      const status = deliveryPaymentStatus(row.total_amount - row.tds_amount, row.paid_amount);
      if (status === row.payment_status) continue;
      await db
        .updateTable('deliveries')
        .set({ payment_status: status, updated: now })
        .where('id', '=', row.id)
        .execute();
    }
  }
  const bookings = ids('service_bookings');
  if (bookings.length > 0) {
    const rows = await db
      .selectFrom('service_bookings')
      .select([
        'id',
        sql<number>`total_amount + cgst_amount + sgst_amount + igst_amount - tds_amount`.as('owed'),
        'paid_amount',
        'percent_completed',
        'payment_status',
      ])
      .where('id', 'in', bookings)
      .execute();
    for (const row of rows) {
      const status = bookingPaymentStatus(Number(row.owed), row.paid_amount, row.percent_completed);
      if (status === row.payment_status) continue;
      await db
        .updateTable('service_bookings')
        .set({ payment_status: status, updated: now })
        .where('id', '=', row.id)
        .execute();
    }
  }
  const sheets = ids('wage_sheets');
  if (sheets.length > 0) {
    const rows = await db
      .selectFrom('wage_sheets')
      .select(['id', 'net', 'tds_amount', 'paid_amount', 'payment_status'])
      .where('id', 'in', sheets)
      .execute();
    for (const row of rows) {
      const status = deliveryPaymentStatus(row.net - row.tds_amount, row.paid_amount);
      if (status === row.payment_status) continue;
      await db
        .updateTable('wage_sheets')
        .set({ payment_status: status, updated: now })
        .where('id', '=', row.id)
        .execute();
    }
  }
  const bills = ids('ra_bills');
  if (bills.length > 0) {
    const rows = await db
      .selectFrom('ra_bills')
      .select(['id', 'net_payable', 'paid_amount', 'payment_status'])
      .where('id', 'in', bills)
      .execute();
    for (const row of rows) {
      const status = deliveryPaymentStatus(row.net_payable, row.paid_amount);
      if (status === row.payment_status) continue;
      await db
        .updateTable('ra_bills')
        .set({ payment_status: status, updated: now })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
