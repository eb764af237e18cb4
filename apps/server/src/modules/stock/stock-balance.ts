/*
 * The running balance of an item, day by day (issue 37): with negative stock not allowed, a change
 * is judged on every day from its date on, not only against today's total — a backdated
 * consumption, a delivery deleted or moved later, a return or a deleted count may leave today's
 * stock above zero and still take an earlier day below it. Pure, so the rules are tested alone.
 */

/** One movement's effect on an item: a day (`YYYY-MM-DD`) and a signed quantity (milli). */
export interface DayQuantity {
  date: string;
  quantity: number;
}

/** Per day, the Σ of the quantities given, as [date, Σ] sorted by date. */
function byDay(rows: readonly DayQuantity[]): [string, number][] {
  const days = new Map<string, number>();
  for (const r of rows) days.set(r.date, (days.get(r.date) ?? 0) + r.quantity);
  return [...days].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** True when a change takes some day's balance lower: its running Σ drops below zero somewhere. */
export function lowersSomeDay(change: readonly DayQuantity[]): boolean {
  let running = 0;
  for (const [, quantity] of byDay(change)) {
    running += quantity;
    if (running < 0) return true;
  }
  return false;
}

/**
 * The first day on which a change (already in `ledger`, the item's movements after it) leaves the
 * balance below zero and lower than it was without the change; null when there is none. A day
 * already below zero before the change may stay there, or rise: only what the change makes worse
 * is refused.
 */
export function firstShortfall(
  ledger: readonly DayQuantity[],
  change: readonly DayQuantity[],
): { date: string; balance: number } | null {
  const after = new Map(byDay(ledger));
  const delta = new Map(byDay(change));
  const days = [...new Set([...after.keys(), ...delta.keys()])].sort();
  let balance = 0;
  let moved = 0;
  for (const day of days) {
    balance += after.get(day) ?? 0;
    moved += delta.get(day) ?? 0;
    if (balance < 0 && moved < 0) return { date: day, balance };
  }
  return null;
}

/**
 * What may be taken out on `date` without any day from then on going below zero: the lowest
 * balance on that day and every later one, never below zero.
 */
export function availableFrom(ledger: readonly DayQuantity[], date: string): number {
  let balance = 0;
  let lowest: number | null = null;
  for (const [day, quantity] of byDay(ledger)) {
    if (day > date && lowest === null) lowest = balance;
    balance += quantity;
    if (day >= date) lowest = Math.min(lowest ?? balance, balance);
  }
  return Math.max(0, lowest ?? balance);
}
