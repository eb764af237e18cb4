import { billName } from '../../db/bill-name.js';
import {
  bookingPaymentStatus,
  lineTotalPaise,
  MAX_RUPEES,
  rateToStored,
  toMilli,
  toPaise,
  type ServiceBooking,
  type ServiceBookingCreate,
  type ServiceBookingListQuery,
  type ServiceBookingUpdate,
} from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { parseFileList } from '../../platform/files.js';
import { AppError } from '../../platform/errors.js';
import { refsIf } from '../../platform/expand-refs.js';
import { recordService } from '../../platform/record-service.js';
import * as repo from './bookings-repo.js';
import { apiFields, rupees } from '../../platform/record-shape.js';
import { settleBelowPaid, type Released } from '../payments/overpayment.js';
import { checkBudgetLineRef, checkVendorRef, vendorRefs } from '../../db/site-refs.js';
import { touchBudgets } from '../../platform/budget-touch.js';
import { lineHeads, NO_TAX, type Heads } from '../../platform/gst-profile.js';
import {
  recordedPlace,
  recordedTaxOf,
  recordNew,
  recordVendor,
  type RecordedVendor,
} from '../../platform/recorded-tax.js';
import { ratesOnDate } from '../catalog/gst-rate-periods.js';
import { splitReverseCharge } from './booking-reverse-charge.js';
import { forgetOriginalInvoice } from '../returns/credit-notes-repo.js';
import { BOOKING_INVOICES, checkSupplierInvoiceUnique } from '../../db/supplier-invoices.js';
import { creditSection, NO_TDS } from '../../db/tds-columns.js';
import { publish, settleTxEvents, type CreditPlace } from '../../platform/tx-events.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { tdsFields } from '../../platform/tds-shape.js';

type Executor = AppContext['db']['kysely'];

function invalid(field: string, code: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code, message } });
}

/**
 * A booking's GST (API.md "GST"): its total is the taxable value, split like a delivery line by
 * the vendor's state as recorded on the booking (issue 40) against the site's (bookings have no
 * place of supply of their own).
 */
async function bookingHeads(
  trx: Executor,
  siteId: string,
  vendor: RecordedVendor,
  total: number,
  rate: number | null,
  reverseCharge = false,
): Promise<Heads> {
  if (rate === null || rate === 0) return NO_TAX;
  const place = await recordedPlace(trx, siteId, vendor, null, reverseCharge);
  return lineHeads(total, rate, place, 'gst_rate');
}

/** What a booking owes: its taxable total plus GST. */
const owed = (total: number, heads: Heads) =>
  total + heads.cgst_amount + heads.sgst_amount + heads.igst_amount;

/** total = duration × unit_rate rounded to the paisa once; > 0, within the amount limit. */
function bookingTotal(durationMilli: number, ratePaise: number): number {
  const total = lineTotalPaise(durationMilli, ratePaise);
  if (total <= 0) throw invalid('total_amount', 'too_small', 'Total amount must be greater than 0');
  if (total > toPaise(MAX_RUPEES))
    throw invalid('total_amount', 'too_big', 'Total amount cannot be above 100000000000');
  return total;
}

async function shapeBookings(
  db: Executor,
  siteId: string,
  rows: repo.BookingRow[],
  expand: Set<string>,
): Promise<ServiceBooking[]> {
  const services = await refsIf(expand.has('service'), async () =>
    (
      await repo.serviceRefs(
        db,
        siteId,
        rows.map((r) => r.service),
      )
    ).map((s) => ({
      ...s,
      ...apiFields('services', s, ['standard_rate']),
    })),
  );
  const vendors = await refsIf(expand.has('vendor'), () =>
    vendorRefs(
      db,
      siteId,
      rows.map((r) => r.vendor),
    ),
  );
  return rows.map((row) => {
    const service = services?.get(row.service);
    const vendor = vendors?.get(row.vendor);
    return {
      id: row.id,
      site: row.site_id,
      service: row.service,
      vendor: row.vendor,
      start_date: row.start_date,
      end_date: row.end_date,
      ...apiFields('service_bookings', row, ['duration', 'unit_rate', 'total_amount', 'gst_rate']),
      // Under reverse charge the heads are kept apart (rcm_*): the site's, not owed to the vendor.
      ...rupees({
        cgst_amount: row.cgst_amount + row.rcm_cgst_amount,
        sgst_amount: row.sgst_amount + row.rcm_sgst_amount,
        igst_amount: row.igst_amount + row.rcm_igst_amount,
      }),
      reverse_charge: row.reverse_charge === 1,
      ...recordedTaxOf(row),
      supplier_invoice_number: row.supplier_invoice_number,
      supplier_invoice_date: row.supplier_invoice_date,
      percent_completed: row.percent_completed,
      status: row.status,
      notes: row.notes,
      completion_photos: parseFileList(row.completion_photos),
      ...tdsFields('service_bookings', row),
      ...apiFields('service_bookings', row, ['paid_amount']),
      payment_status: row.payment_status,
      budget_line: row.budget_line,
      created: row.created,
      updated: row.updated,
      ...(service || vendor ? { expand: { service, vendor } } : {}),
    };
  });
}

/** A booking's edit: its columns, and what settling its total against what was paid needs. */
interface BookingChanges {
  columns: Partial<repo.BookingRow>;
  /** What the booking owes now (taxable total + the vendor's GST), paise. */
  owed: number;
  paid: number;
  release: boolean;
  percent: number;
  /** What settling released (noted by `write`, named on the reply). */
  released: Released[];
  /** Its vendor and start date now and before (TDS recomputes both deductees' years). */
  places: CreditPlace[];
  /** A TDS credit now or before the edit. */
  inTds: boolean;
  /** The budget lines it counted on before and counts on now (issue 45). */
  budgetLines: (string | null)[];
}

/** TDS (API.md "TDS"): the booking's deductee's year is recomputed inside the write. */
async function settleTds(
  trx: Transaction<Database>,
  siteId: string,
  id: string,
  deleted: boolean,
  places: readonly CreditPlace[],
  now: string,
  inTds: boolean,
) {
  // Outside TDS before and after: nothing of any deductee moves.
  if (!inTds) return;
  publish(trx, 'credit.changed', {
    siteId,
    now,
    table: 'service_bookings',
    id,
    deleted,
    places,
    inTds,
  });
  await settleTxEvents(trx);
}

/** The service's GST rate in force on the start date (issue 40 item 9); 400 on an unknown one. */
async function serviceRateOn(trx: Executor, siteId: string, service: string, date: string) {
  const found = await repo.serviceRate(trx, siteId, service);
  if (!found) throw invalid('service', 'invalid_reference', 'Unknown service');
  const stored = found.gst_rate === null ? null : Number(found.gst_rate);
  return (await ratesOnDate(trx, siteId, 'service', new Map([[service, stored]]), date)).get(
    service,
  )!;
}

/** A booking refused a change of its basis (or a delete) once anything is paid towards it. */
async function refuseIfPaid(trx: Executor, row: repo.BookingRow): Promise<void> {
  if (row.paid_amount > 0 || (await repo.bookingHasAllocations(trx, row.id)))
    throw new AppError('BOOKING_HAS_PAYMENTS');
}

/**
 * Service bookings on the generic record service. Their money stays here, behind its hooks: the
 * GST heads and reverse charge on create and edit, and an edit that lowers the total below what
 * is paid settles the payments' allocations (payments/overpayment.ts) inside the audited span,
 * from the booking's row lock, then the payments' by id (docs/ARCHITECTURE.md "Money rules under
 * concurrency").
 */
export const bookings = recordService<
  repo.BookingRow,
  ServiceBooking,
  ServiceBookingCreate,
  ServiceBookingUpdate,
  ServiceBookingListQuery,
  BookingChanges
>('service_bookings', {
  noun: 'Service booking',
  find: repo.findBooking,
  lock: repo.lockBooking,
  shape: ({ ctx, siteId }, rows, expand) => shapeBookings(ctx.db.kysely, siteId, rows, expand),
  list: { query: (db) => repo.bookingsQuery(db) },
  create: {
    // A total out of range is a 400 ahead of the plan, the key and any read.
    check: (_scope, input) => {
      bookingTotal(toMilli(input.duration), toPaise(input.unit_rate));
    },
    insert: async (trx, { siteId, userId }, input, id, now) => {
      const duration = toMilli(input.duration);
      const unitRate = toPaise(input.unit_rate);
      const total = bookingTotal(duration, unitRate);
      const percent = input.percent_completed ?? 0;
      const serviceRate = await serviceRateOn(trx, siteId, input.service, input.start_date);
      await checkVendorRef(trx, siteId, input.vendor);
      const rate =
        input.gst_rate === undefined
          ? serviceRate
          : input.gst_rate === null
            ? null
            : rateToStored(input.gst_rate);
      // The supplier and the site's input-tax mode as they are now, kept with the booking.
      const recorded = await recordNew(trx, siteId, input.vendor);
      // One supplier invoice, one record (issue 40 item 7a), bookings and deliveries together.
      await checkSupplierInvoiceUnique(trx, BOOKING_INVOICES, {
        siteId,
        vendor: input.vendor,
        number: input.supplier_invoice_number,
        invoiceDate: input.supplier_invoice_date,
        businessDate: input.start_date,
        gstin: recorded.vendor_gstin,
      });
      const rcm = input.reverse_charge === true;
      const tax = splitReverseCharge(
        await bookingHeads(trx, siteId, recorded, total, rate, rcm),
        rcm,
      );
      const section = await creditSection(trx, siteId, input.vendor, input.tds_section);
      if (input.budget_line)
        await checkBudgetLineRef(trx, siteId, input.budget_line, 'budget_line');
      await repo.insertBooking(trx, {
        ...recorded,
        ...NO_TDS,
        id,
        site_id: siteId,
        service: input.service,
        vendor: input.vendor,
        start_date: input.start_date,
        end_date: input.end_date || null,
        duration,
        unit_rate: unitRate,
        total_amount: total,
        gst_rate: rate,
        bill_name: billName(null, `Booking ${input.start_date}`, id),
        ...tax.columns,
        supplier_invoice_number: input.supplier_invoice_number || null,
        supplier_invoice_date: input.supplier_invoice_date || null,
        percent_completed: percent,
        completion_photos: '[]',
        notes: input.notes || null,
        status: input.status ?? 'scheduled',
        payment_status: bookingPaymentStatus(owed(total, tax.heads), 0, percent),
        paid_amount: 0,
        tds_section: section,
        budget_line: input.budget_line ?? null,
        created_by: userId,
        created: now,
        updated: now,
      });
      const place = { vendor: input.vendor, date: input.start_date };
      await settleTds(trx, siteId, id, false, [place], now, section !== null);
      await touchBudgets(trx, { siteId, lines: [input.budget_line ?? null] });
    },
  },
  update: {
    /**
     * With payments (allocations, or a paid amount), service, vendor and start date are fixed
     * (spec part 5); the rate may change, and the total is recomputed but never drops below what
     * is paid.
     */
    changes: async (trx, { siteId }, row, input) => {
      const { id } = row;
      const changes: Partial<repo.BookingRow> = { updated: nowIso() };
      if (input.service !== undefined && input.service !== row.service)
        changes.service = input.service;
      if (input.vendor !== undefined && input.vendor !== row.vendor) changes.vendor = input.vendor;
      if (input.start_date !== undefined && input.start_date !== row.start_date)
        changes.start_date = input.start_date;
      if (changes.service || changes.vendor || changes.start_date) await refuseIfPaid(trx, row);
      if (changes.service && !(await repo.serviceExists(trx, siteId, changes.service)))
        throw invalid('service', 'invalid_reference', 'Unknown service');
      if (changes.vendor) await checkVendorRef(trx, siteId, changes.vendor);
      if (input.end_date !== undefined) changes.end_date = input.end_date || null;
      const start = changes.start_date ?? row.start_date;
      const end = changes.end_date !== undefined ? changes.end_date : row.end_date;
      if (end && end < start)
        throw invalid('end_date', 'too_small', 'End date cannot be before the start date');
      if (input.duration !== undefined) changes.duration = toMilli(input.duration);
      if (input.unit_rate !== undefined) changes.unit_rate = toPaise(input.unit_rate);
      if (input.percent_completed !== undefined)
        changes.percent_completed = input.percent_completed;
      if (input.status !== undefined) changes.status = input.status;
      if (input.notes !== undefined) changes.notes = input.notes || null;
      if (input.budget_line !== undefined) {
        if (input.budget_line)
          await checkBudgetLineRef(trx, siteId, input.budget_line, 'budget_line');
        changes.budget_line = input.budget_line ?? null;
      }
      if (input.supplier_invoice_number !== undefined)
        changes.supplier_invoice_number = input.supplier_invoice_number || null;
      if (input.supplier_invoice_date !== undefined)
        changes.supplier_invoice_date = input.supplier_invoice_date || null;
      const total = bookingTotal(
        changes.duration ?? row.duration,
        changes.unit_rate ?? row.unit_rate,
      );
      const rate =
        input.gst_rate === undefined
          ? row.gst_rate
          : input.gst_rate === null
            ? null
            : rateToStored(input.gst_rate);
      // A new vendor is recorded as it is now; otherwise the booking's recorded vendor (issue 40).
      if (changes.vendor) Object.assign(changes, await recordVendor(trx, siteId, changes.vendor));
      const invoiceKeys = [
        'vendor',
        'supplier_invoice_number',
        'supplier_invoice_date',
        'start_date',
      ];
      if (invoiceKeys.some((key) => key in changes)) {
        const next = { ...row, ...changes };
        await checkSupplierInvoiceUnique(trx, BOOKING_INVOICES, {
          siteId,
          vendor: next.vendor,
          number: next.supplier_invoice_number,
          invoiceDate: next.supplier_invoice_date,
          businessDate: next.start_date,
          exceptId: id,
          gstin: next.vendor_gstin,
        });
      }
      const rcm = input.reverse_charge ?? row.reverse_charge === 1;
      const tax = splitReverseCharge(
        await bookingHeads(trx, siteId, { ...row, ...changes }, total, rate, rcm),
        rcm,
      );
      Object.assign(changes, { gst_rate: rate, ...tax.columns, total_amount: total });
      if (input.tds_section !== undefined || changes.vendor !== undefined) {
        changes.tds_section = await creditSection(
          trx,
          siteId,
          changes.vendor ?? row.vendor,
          input.tds_section,
        );
      }
      const next = { vendor: changes.vendor ?? row.vendor, date: start };
      const places = [next];
      if (next.vendor !== row.vendor || next.date !== row.start_date) {
        places.push({ vendor: row.vendor, date: row.start_date });
      }
      const section = changes.tds_section !== undefined ? changes.tds_section : row.tds_section;
      return {
        places,
        inTds: section !== null || row.tds_section !== null,
        columns: changes,
        // Less the TDS as it stands; the recompute after the write corrects the status.
        owed: owed(total, tax.heads) - row.tds_amount,
        paid: row.paid_amount,
        release: input.release_overpayment === true,
        percent: changes.percent_completed ?? row.percent_completed,
        released: [],
        budgetLines: [row.budget_line, changes.budget_line ?? null],
      };
    },
    // Settled inside the audited span: it re-sums the booking's paid amount.
    write: async (trx, siteId, id, changes) => {
      const settled = await settleBelowPaid(trx, {
        siteId,
        kind: 'service_booking',
        id,
        total: changes.owed,
        paid: changes.paid,
        release: changes.release,
        now: changes.columns.updated!,
      });
      changes.released = settled.released;
      changes.columns.payment_status = bookingPaymentStatus(
        changes.owed,
        settled.paid,
        changes.percent,
      );
      await repo.updateBooking(trx, siteId, id, changes.columns);
      await settleTds(
        trx,
        siteId,
        id,
        false,
        changes.places,
        changes.columns.updated!,
        changes.inTds,
      );
      // Its total, status or line may have moved the budget (issue 45).
      await touchBudgets(trx, { siteId, lines: changes.budgetLines });
      // Its TDS may have moved with the edit: what it owes now is judged again (API.md "A record
      // that drops below what was paid"), with the same release_overpayment.
      const now = await repo.findBooking(trx, siteId, id);
      if (!now) return;
      const owes = owed(now.total_amount, now) - now.tds_amount;
      if (owes >= now.paid_amount) return;
      const again = await settleBelowPaid(trx, {
        siteId,
        kind: 'service_booking',
        id,
        total: owes,
        paid: now.paid_amount,
        release: changes.release,
        now: changes.columns.updated!,
      });
      changes.released.push(...again.released);
      await repo.updateBooking(trx, siteId, id, {
        payment_status: bookingPaymentStatus(owes, again.paid, now.percent_completed),
      });
    },
    answer: (booking, { released }) => (released.length > 0 ? { ...booking, released } : booking),
  },
  remove: {
    before: (trx, _scope, row) => refuseIfPaid(trx, row),
    write: async (trx, siteId, id) => {
      await repo.deleteBooking(trx, siteId, id);
      await forgetOriginalInvoice(trx, siteId, { booking: id });
    },
    after: async (trx, { siteId }, row) => {
      const place = { vendor: row.vendor, date: row.start_date };
      await settleTds(trx, siteId, row.id, true, [place], nowIso(), row.tds_section !== null);
      await touchBudgets(trx, { siteId, lines: [row.budget_line] });
    },
    // Completion photos leave the disk only once the booking is gone for good.
    committed: ({ ctx, siteId }, row) =>
      ctx.files.removeMany(siteId, parseFileList(row.completion_photos)),
  },
});

/** The create outside a request (bench/seed.ts seeds bookings through it). */
export const createBooking = bookings.create;
