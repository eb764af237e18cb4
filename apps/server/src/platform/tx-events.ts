import type { Released } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/*
 * What a write sets off, inside its transaction (issue 41). A write publishes typed events on its
 * transaction; `settleTxEvents` runs the subscribers before the write goes on (and before it
 * commits), lowest lock rank first, so the rows they lock are always taken in the one order of
 * `LOCK_RANK`, and a subscriber's failure rolls the whole write back. Publishers import only this
 * file; subscribers are listed once, in `tx-subscribers.ts`.
 */

/** A delivery as the write left it; subscribers keep `paid_amount` current (paise). */
export interface DeliveryFigures {
  id: string;
  total_amount: number;
  paid_amount: number;
  /** Its TDS (API.md "TDS"): what it owes is total_amount − tds_amount. Set by the TDS subscriber. */
  tds_amount: number;
}

/** Where a TDS credit sits: its vendor and business date (its financial year). */
export interface CreditPlace {
  vendor: string;
  date: string;
}

/**
 * Every delivery write (POST/PATCH/DELETE /deliveries, the delivery_items routes, POST /api/batch)
 * publishes this once per delivery it changed, after its own rows are written.
 */
export interface DeliveryChanged {
  siteId: string;
  userId: string;
  now: string;
  delivery: DeliveryFigures;
  /** The delivery is gone (its lines were deleted with it). */
  deleted: boolean;
  /** The delivery was created by this write: nothing derived from it exists yet. */
  created?: boolean;
  /** PO lines the delivery's lines named before or after the write: their receipts re-sum. */
  orderLines: readonly string[];
  /** Items its lines were of before the write (their budget lines re-sum with today's). */
  itemsBefore: readonly string[];
  /** PO lines that lines this write added or changed are received against: advances pay them. */
  receivedLines: readonly string[];
  /** The request's `release_overpayment`. */
  release: boolean;
  /** The delivery's vendor and date now, and before the write when they changed (for TDS). */
  places: readonly CreditPlace[];
  /** It is a TDS credit now or was one before the write (else TDS has nothing to do). */
  inTds: boolean;
  /** What settling a total below paid released (filled by the payments subscriber). */
  released: Released[];
}

/** Published by the receipts subscriber: a delivery received goods against these orders. */
export interface ReceiptsSettled {
  siteId: string;
  userId: string;
  now: string;
  delivery: DeliveryFigures;
  orders: readonly string[];
}

/** An allocation of a payment to a delivery, with the payment's figures as locked (paise). */
export interface AllocationAsked {
  payment: string;
  amount: number;
  paymentAmount: number;
  allocatedBefore: number;
}

/** Payments to allocate to a delivery (advances paying it); only payments writes allocations. */
export interface AllocationsChanged {
  siteId: string;
  userId: string;
  now: string;
  delivery: DeliveryFigures;
  allocations: readonly AllocationAsked[];
}

/**
 * A TDS credit other than a delivery (a service booking, an RA bill, a work-order advance) was
 * written or deleted: the TDS subscriber recomputes its deductee's year.
 */
export interface CreditChanged {
  siteId: string;
  now: string;
  table: 'service_bookings' | 'ra_bills' | 'payments' | 'wage_sheets';
  id: string;
  deleted: boolean;
  places: readonly CreditPlace[];
  /** It is a TDS credit now or was one before the write (else TDS has nothing to do). */
  inTds: boolean;
}

/**
 * A vendor's PAN or § 194C(6) declaration changed: its credits of the given years take the new
 * rate (those not frozen: paid, advances, deposited months keep theirs).
 */
export interface DeducteeChanged {
  siteId: string;
  now: string;
  vendor: string;
  /** A business date in each financial year to recompute. */
  dates: readonly string[];
}

/** A vendor return's lines, date or status changed, or it was deleted. */
export interface ReturnChanged {
  siteId: string;
  returnId: string;
}

/** What an order being issued spends of a budget line (issue 45), and what the check said. */
export interface BudgetWarning {
  budget_line: string;
  /** Paise. */
  budget: number;
  committed: number;
  actual: number;
  this_order: number;
}

/** An order's lines as the budget check reads them (paise: what each line commits). */
export interface OrderBudgetCheck {
  lines: readonly { budget_line: string | null; item: string | null; value: number }[];
  /** The caller is an owner who sent `override_budget: true`. */
  override: boolean;
  /** Filled by the budget subscriber: the lines this order takes past their budget. */
  warnings: BudgetWarning[];
}

/**
 * A write changed what some budget lines add up (issue 45): the lines it names, the lines of the
 * items it names, or every line of the site (a delete whose items are gone). Their figures are
 * refreshed in the write; an order being issued is checked against them.
 */
export interface BudgetTouched {
  siteId: string;
  lines: readonly string[];
  items: readonly string[];
  all?: boolean;
  order?: OrderBudgetCheck;
}

export interface TxEventMap {
  'delivery.changed': DeliveryChanged;
  'purchase_order.receipts_settled': ReceiptsSettled;
  'payment.allocations_changed': AllocationsChanged;
  'return.changed': ReturnChanged;
  'credit.changed': CreditChanged;
  'deductee.changed': DeducteeChanged;
  'budget.touched': BudgetTouched;
}
export type TxEventName = keyof TxEventMap;

/**
 * The lock order (docs/ARCHITECTURE.md "Writes set off events"). The publishing write holds its
 * own record (credit note, delivery, booking, return) before it publishes; subscribers run in
 * this order, each locking its rows by id.
 */
export const LOCK_RANK = {
  /** the deductee's advisory lock, then the TDS columns of its credits (before what they owe is read). */
  tds: 50,
  /** purchase_orders, by id (PO receipts). */
  purchaseOrders: 100,
  /** payments allocated to a lowered delivery, by id (below-paid settlement). */
  paymentsReleased: 200,
  /** payments set aside for the orders received against, by id (advances). */
  paymentsAdvanced: 300,
  /** payment_allocations and the payments locked just before (writing allocations). */
  allocations: 310,
  /** items, by id (stock movements and the running-balance guard). */
  items: 400,
  /** vendor_credit_notes that named a deleted bill (no lock: a plain update). */
  creditNotes: 500,
  /** budget_lines, by id: their figures re-summed after every other subscriber wrote. */
  budgets: 600,
} as const;

export interface TxSubscriber<K extends TxEventName = TxEventName> {
  /** Who subscribes, for errors and the docs (`module.what`). */
  name: string;
  event: K;
  rank: number;
  /**
   * `each`: called once per event (a failure is pinned to that event); `all`: once with every
   * pending event of its kind (to lock rows of many records at once, in id order).
   */
  mode: 'each' | 'all';
  handle(trx: Transaction<Database>, events: readonly TxEventMap[K][]): Promise<void>;
}

type AnySubscriber = { [K in TxEventName]: TxSubscriber<K> }[TxEventName];

interface Pending {
  name: TxEventName;
  payload: TxEventMap[TxEventName];
  /** Subscribers (by index in `subscribers`) yet to see it. */
  waiting: Set<number>;
}

let subscribers: AnySubscriber[] = [];
let installed = false;
const queues = new WeakMap<object, Pending[]>();
const failures = new WeakMap<object, readonly unknown[]>();

/** Installs the subscribers (once per process; a second call replaces the list). */
export function installTxSubscribers(list: readonly AnySubscriber[]): void {
  subscribers = [...list].sort((a, b) => a.rank - b.rank);
  installed = true;
}

/** The subscribers, in the order they run (for the docs test). */
export function txSubscribers(): readonly AnySubscriber[] {
  return subscribers;
}

/** Queues an event on the write's transaction; `settleTxEvents` runs its subscribers. */
export function publish<K extends TxEventName>(
  trx: Transaction<Database>,
  name: K,
  payload: TxEventMap[K],
): void {
  if (!installed) throw new Error(`tx-events: "${name}" published before subscribers installed`);
  const waiting = new Set<number>();
  subscribers.forEach((s, i) => {
    if (s.event === name) waiting.add(i);
  });
  if (waiting.size === 0) return;
  const queue = queues.get(trx) ?? [];
  queue.push({ name, payload, waiting });
  queues.set(trx, queue);
}

/**
 * Runs every subscriber of what was published on `trx`, lowest rank first, until nothing is left
 * (subscribers may publish in turn, but only to higher ranks: a lower one would break the lock
 * order and is a programming error). A failure propagates unchanged; `eventsOf` tells which
 * events the failing subscriber was handling.
 */
export async function settleTxEvents(trx: Transaction<Database>): Promise<void> {
  let rank = -Infinity;
  for (;;) {
    const queue = queues.get(trx) ?? [];
    const live = queue.filter((p) => p.waiting.size > 0);
    queues.set(trx, live);
    if (live.length === 0) return;
    const next = Math.min(...live.flatMap((p) => [...p.waiting]));
    const subscriber = subscribers[next]!;
    if (subscriber.rank < rank) {
      throw new Error(
        `tx-events: ${subscriber.name} (rank ${subscriber.rank}) set off after rank ${rank}`,
      );
    }
    rank = subscriber.rank;
    const mine = live.filter((p) => p.waiting.delete(next)).map((p) => p.payload);
    const batches = subscriber.mode === 'all' ? [mine] : mine.map((p) => [p]);
    for (const events of batches) {
      try {
        await (subscriber as TxSubscriber).handle(trx, events);
      } catch (error) {
        if (typeof error === 'object' && error !== null && !failures.has(error)) {
          failures.set(error, events);
        }
        queues.delete(trx);
        throw error;
      }
    }
  }
}

/** The events the subscriber that threw `error` was handling (empty if it did not come from one). */
export function eventsOf(error: unknown): readonly unknown[] {
  return typeof error === 'object' && error !== null ? (failures.get(error) ?? []) : [];
}
