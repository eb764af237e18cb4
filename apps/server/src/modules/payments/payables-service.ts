import { type VendorPayables, type VendorPayablesQuery } from '@siteledger/domain';
import { rupees } from '../../platform/record-shape.js';
import { businessToday } from '../../platform/business-time.js';
import { notFound } from '../../platform/errors.js';
import * as payables from './payables-repo.js';
import * as repo from './payments-repo.js';
import { vendorExists } from '../../db/site-refs.js';
import type { SiteScope } from '../../platform/scope.js';

/** Open items shown by the payment form per kind; the totals still cover all of them. */
const PAYABLES_LIMIT = 500;

interface Row {
  id: string;
  created: string;
  total_amount: number;
  paid_amount: number;
}

/** What a payment's edit sees: its own amounts given back to the rows it paid or used. */
function released<T extends Row>(
  open: readonly T[],
  own: readonly T[],
  given: ReadonlyMap<string, number>,
  dateOf: (row: T) => string,
): T[] {
  const byId = new Map(open.map((row) => [row.id, row]));
  for (const row of own) byId.set(row.id, row);
  return [...byId.values()]
    .map((row) => ({ ...row, paid_amount: row.paid_amount - (given.get(row.id) ?? 0) }))
    .filter((row) => row.total_amount > row.paid_amount)
    .sort(
      (a, b) =>
        dateOf(a).localeCompare(dateOf(b)) ||
        a.created.localeCompare(b.created) ||
        a.id.localeCompare(b.id),
    );
}

const sumOf = (values: Iterable<number>) => [...values].reduce((sum, v) => sum + v, 0);

/**
 * What the payment form offers for a vendor: open items oldest first, usable credit notes, the
 * vendor's advance and the payments that carry it. With `payment`, as that payment's edit sees
 * them (its own allocations and credit-note usage released, as the server judges the edit).
 */
export async function vendorPayables(
  scope: SiteScope,
  vendorId: string,
  query: VendorPayablesQuery = {},
): Promise<VendorPayables> {
  const { ctx, siteId } = scope;
  const db = ctx.db.kysely;
  if (!(await vendorExists(db, siteId, vendorId))) throw notFound('Vendor');
  const today = businessToday(ctx.config.timezone);
  const [open, openBookings, usable, due, advances] = await Promise.all([
    payables.openDeliveries(db, siteId, vendorId, PAYABLES_LIMIT + 1),
    payables.openBookings(db, siteId, vendorId, PAYABLES_LIMIT + 1),
    payables.usableCreditNotes(db, siteId, vendorId, today),
    payables.totalDue(db, siteId, vendorId),
    payables.paymentsWithAdvance(db, siteId, vendorId),
  ]);
  let deliveries = open;
  let bookings = openBookings;
  let notes = usable;
  let totalDue = due;
  if (query.payment) {
    const payment = await repo.findPayment(db, siteId, query.payment);
    if (!payment || payment.vendor !== vendorId) throw notFound('Payment');
    const [allocations, usage] = await Promise.all([
      repo.allocationsOf(db, siteId, [payment.id]),
      repo.usageOf(db, siteId, [payment.id]),
    ]);
    const givenTo = new Map<string, number>();
    for (const a of allocations) {
      const target = a.delivery ?? a.service_booking!;
      givenTo.set(target, (givenTo.get(target) ?? 0) + a.allocated_amount);
    }
    const [ownDeliveries, ownBookings, ownNotes] = await Promise.all([
      payables.deliveriesById(
        db,
        siteId,
        allocations.flatMap((a) => a.delivery ?? []),
      ),
      payables.bookingsById(
        db,
        siteId,
        allocations.flatMap((a) => a.service_booking ?? []),
      ),
      payables.unexpiredNotesById(
        db,
        siteId,
        usage.map((u) => u.credit_note),
        today,
      ),
    ]);
    deliveries = released(open, ownDeliveries, givenTo, (d) => d.delivery_date);
    bookings = released(openBookings, ownBookings, givenTo, (b) => b.start_date);
    totalDue += sumOf(givenTo.values());
    const usedOf = new Map<string, number>();
    for (const u of usage)
      usedOf.set(u.credit_note, (usedOf.get(u.credit_note) ?? 0) + u.used_amount);
    const noteById = new Map(usable.map((n) => [n.id, n]));
    for (const note of ownNotes) noteById.set(note.id, note);
    notes = [...noteById.values()]
      .map((n) => ({ ...n, balance: n.balance + (usedOf.get(n.id) ?? 0) }))
      .filter((n) => n.balance > 0)
      .sort(
        (a, b) =>
          a.issue_date.localeCompare(b.issue_date) ||
          a.created.localeCompare(b.created) ||
          a.id.localeCompare(b.id),
      );
  }
  const money = <T extends Row>({ created: _created, ...row }: T) => ({
    ...row,
    ...rupees({
      total_amount: row.total_amount,
      paid_amount: row.paid_amount,
      due: row.total_amount - row.paid_amount,
    }),
  });
  const withAdvance = advances.filter((p) => Number(p.unallocated) > 0);
  return {
    deliveries: deliveries.slice(0, PAYABLES_LIMIT).map(money),
    service_bookings: bookings.slice(0, PAYABLES_LIMIT).map(money),
    credit_notes: notes.map(({ created: _created, ...note }) => ({
      ...note,
      ...rupees({ balance: note.balance }),
    })),
    ...rupees({
      total_due: totalDue,
      credit_balance: sumOf(notes.map((note) => note.balance)),
    }),
    truncated: deliveries.length > PAYABLES_LIMIT || bookings.length > PAYABLES_LIMIT,
    ...rupees({ advance: sumOf(withAdvance.map((p) => Number(p.unallocated))) }),
    advances: withAdvance.map((p) => ({
      payment: p.id,
      payment_date: p.payment_date,
      reference: p.reference,
      ...rupees({ amount: p.amount, unallocated: p.unallocated }),
    })),
  };
}
