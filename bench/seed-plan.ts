/**
 * The benchmark's books as a plan, drawn before anything is written (so the data is the same
 * whatever order concurrent writes finish in): what each delivery, booking, credit note, payment
 * and vendor return will be, dated by day of the span (day SPAN_DAYS − 1 is the seed's "today").
 * Payments are planned in date order against what is due on their day — deliveries dated on or
 * before it, less what earlier payments took — and spend the vendor's credit notes issued by then,
 * oldest first, as the server's rules require; so every planned payment is one the server accepts.
 */
import { MAX_PAYMENT_CREDIT_NOTES } from '@siteledger/domain';
import type { SeedSize } from './seed.js';

export const SPAN_DAYS = 5 * 365;
/** The first payment is a week into the span (something is due by then). */
const FIRST_PAYMENT_DAY = 7;

/** Mulberry32: small, fast and the same on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Indexes are into the seed's vendor, item and service lists; amounts are paise. */
export interface DeliveryPlan {
  vendor: number;
  day: number;
  lines: { item: number; quantity: number; price: number }[];
  total: number;
}
export interface BookingPlan {
  service: number;
  vendor: number;
  day: number;
  duration: number;
  rate: number;
}
export interface NotePlan {
  vendor: number;
  day: number;
  amount: number;
}
export interface PaymentPlan {
  vendor: number;
  day: number;
  amount: number;
  /** What the account pays (amount − credit notes). */
  fromAccount: number;
  deliveries: { delivery: number; amount: number }[];
  notes: { note: number; amount: number }[];
}
export interface ReturnPlan {
  delivery: number;
  day: number;
}
/** Notes and payments in date order (a day's notes before its payments). */
export type MoneyEvent = { kind: 'note'; index: number } | { kind: 'payment'; index: number };

export interface SeedPlan {
  deliveries: DeliveryPlan[];
  bookings: BookingPlan[];
  notes: NotePlan[];
  payments: PaymentPlan[];
  returns: ReturnPlan[];
  money: MoneyEvent[];
}

/** Spreads `count` records evenly over days `from`..SPAN_DAYS − 1. */
const spread = (i: number, count: number, from = 0) =>
  from + Math.floor((i * (SPAN_DAYS - from)) / count);

const listOf = <T>(map: Map<number, T[]>, key: number): T[] => {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
};

/** Vendors that have something due: picked at random, dropped when paid up, in O(1). */
class Owing {
  private list: number[] = [];
  private at = new Map<number, number>();
  add(vendor: number) {
    if (this.at.has(vendor)) return;
    this.at.set(vendor, this.list.length);
    this.list.push(vendor);
  }
  remove(vendor: number) {
    const at = this.at.get(vendor);
    if (at === undefined) return;
    const last = this.list.pop()!;
    if (last !== vendor) {
      this.list[at] = last;
      this.at.set(last, at);
    }
    this.at.delete(vendor);
  }
  pick(rand: () => number): number | undefined {
    return this.list[Math.floor(rand() * this.list.length)];
  }
}

export function planSeed(size: SeedSize): SeedPlan {
  const rand = random(20261124);
  const pick = (count: number) => Math.floor(rand() * count);
  // A tenth of the deliveries go to vendor 0 (the busiest): its ledger is the long one.
  const deliveries = Array.from({ length: size.deliveries }, (_, i): DeliveryPlan => {
    const vendor = i % 10 === 0 ? 0 : pick(size.vendors);
    const lines = Array.from({ length: 1 + pick(5) }, () => ({
      item: pick(size.items),
      quantity: 1 + pick(100),
      price: 10 + pick(900),
    }));
    const total = lines.reduce((sum, l) => sum + l.quantity * l.price * 100, 0);
    return { vendor, day: spread(i, size.deliveries), lines, total };
  });
  const bookings = Array.from({ length: size.bookings }, (_, i) => ({
    service: pick(50),
    vendor: pick(size.vendors),
    day: spread(i, size.bookings),
    duration: 1 + pick(40),
    rate: 500 + pick(1500),
  }));
  // A fifth of the credit notes are vendor 0's. No vendor gets two on one day: the server orders
  // same-day notes by creation instant and random id, which a plan cannot foresee.
  const noteDays = new Set<string>();
  const notes = Array.from({ length: size.creditNotes }, (_, i): NotePlan => {
    const day = spread(i, size.creditNotes);
    let vendor = i % 5 === 0 ? 0 : pick(size.vendors);
    while (noteDays.has(`${vendor}:${day}`)) vendor = pick(size.vendors);
    noteDays.add(`${vendor}:${day}`);
    return { vendor, day, amount: (100 + pick(2000)) * 100 };
  });

  const due = new Map<number, { delivery: number; due: number }[]>();
  const credit = new Map<number, { note: number; balance: number }[]>();
  const owing = new Owing();
  const payments: PaymentPlan[] = [];
  const money: MoneyEvent[] = [];
  let backlog = 0;
  let nextDelivery = 0;
  let nextNote = 0;
  for (let i = 0; i < size.payments; i += 1) {
    const day = spread(i, size.payments, FIRST_PAYMENT_DAY);
    for (
      ;
      nextDelivery < deliveries.length && deliveries[nextDelivery]!.day <= day;
      nextDelivery++
    ) {
      const d = deliveries[nextDelivery]!;
      listOf(due, d.vendor).push({ delivery: nextDelivery, due: d.total });
      owing.add(d.vendor);
      backlog += 1;
    }
    for (; nextNote < notes.length && notes[nextNote]!.day <= day; nextNote++) {
      const n = notes[nextNote]!;
      listOf(credit, n.vendor).push({ note: nextNote, balance: n.amount });
      money.push({ kind: 'note', index: nextNote });
    }
    // Every tenth payment is the busiest vendor's, while it has anything due.
    const busiest = i % 10 === 0 && (due.get(0)?.length ?? 0) > 0;
    const vendor = busiest ? 0 : owing.pick(rand);
    if (vendor === undefined) throw new Error(`seed plan: nothing due on day ${day}`);
    const queue = due.get(vendor)!;
    // One to three of the vendor's oldest unpaid deliveries; while few are unpaid site-wide, one
    // (and never the last one whole), so the books always have something due to pay.
    const draw = 1 + pick(3);
    const count = Math.min(queue.length, backlog < 20 ? 1 : draw);
    const allocations = queue.slice(0, count).map((t) => ({ delivery: t.delivery, amount: t.due }));
    if (backlog === 1 && allocations[0]!.amount > 1)
      allocations[0]!.amount = Math.floor(allocations[0]!.amount / 2);
    for (const a of allocations) {
      const head = queue[0]!;
      head.due -= a.amount;
      if (head.due === 0) {
        queue.shift();
        backlog -= 1;
      }
    }
    if (queue.length === 0) owing.remove(vendor);
    const amount = allocations.reduce((sum, a) => sum + a.amount, 0);
    // The vendor's notes first, oldest first: the account pays only once none has balance left.
    const open = credit.get(vendor) ?? [];
    const uses: { note: number; amount: number }[] = [];
    let remaining = amount;
    while (remaining > 0 && open.length > 0) {
      if (uses.length === MAX_PAYMENT_CREDIT_NOTES)
        throw new Error(`seed plan: payment ${i} would need over ${uses.length} credit notes`);
      const head = open[0]!;
      const take = Math.min(head.balance, remaining);
      uses.push({ note: head.note, amount: take });
      head.balance -= take;
      remaining -= take;
      if (head.balance === 0) open.shift();
    }
    payments.push({
      vendor,
      day,
      amount,
      fromAccount: remaining,
      deliveries: allocations,
      notes: uses,
    });
    money.push({ kind: 'payment', index: i });
  }
  for (; nextNote < notes.length; nextNote++) money.push({ kind: 'note', index: nextNote });

  // Returns of one unit of a delivery's first line, spread over the deliveries, a few days on.
  const returns = Array.from({ length: Math.min(size.returns, deliveries.length) }, (_, k) => {
    const delivery = Math.floor((k * deliveries.length) / size.returns);
    return { delivery, day: Math.min(SPAN_DAYS - 1, deliveries[delivery]!.day + 3) };
  });
  return { deliveries, bookings, notes, payments, returns, money };
}
