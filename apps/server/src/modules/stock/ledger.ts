import {
  fromMilli,
  MAX_RUPEES,
  outValue,
  toPaise,
  type StockMovementKind,
  type StockSums,
} from '@siteledger/domain';
import { newId } from '../../db/ids.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './ledger-repo.js';
import { availableFrom, firstShortfall, lowersSomeDay } from './stock-balance.js';

/*
 * The one stock ledger (API.md "Site stock"). Deliveries and counted returns are mirrored into it
 * by re-syncing the records a write touched, in that write's transaction; consumption, counts and
 * transfers write their own movements. On hand and value are Σ of the ledger; integrity checks
 * that the mirror matches its sources.
 */

/** Largest value one movement may carry, in paise: the books' amount limit (API.md: 1e11 rupees). */
const MAX_MOVEMENT_PAISE = toPaise(MAX_RUPEES);

/**
 * Refuses a movement worth more than the books hold (quantity × average beyond ₹1e11): such a
 * value overflowed PostgreSQL's bigint (500) and was stored by SQLite as an inexact REAL (issue 37).
 * 400 on `field`.
 */
export function checkMovementValue(value: number, field: string): number {
  if (Math.abs(value) > MAX_MOVEMENT_PAISE) {
    throw new AppError('VALIDATION_FAILED', {
      [field]: {
        code: 'too_big',
        message: 'Its value at the average cost cannot be above 100000000000',
      },
    });
  }
  return value;
}

/** Re-derives the movements of some deliveries from their lines (after a create, edit or delete). */
export async function syncDeliveryStock(
  db: Executor,
  siteId: string,
  deliveryIds: readonly string[],
  /** The deliveries were just created: they have no movements to take out (a statement saved). */
  created = false,
): Promise<void> {
  const ids = [...new Set(deliveryIds)];
  const removed = created ? [] : await repo.deleteMovements(db, siteId, ids, 'delivery');
  const added = await repo.insertDeliveryMovements(db, siteId, ids);
  // A delivery deleted, lowered, moved later or re-pointed at another item takes stock away.
  await guardRunningBalance(db, siteId, removed, added);
}

/**
 * Re-derives the movements of some returns: counted lines go out at the item's average as it is
 * without them; a return that stops counting (pending, rejected, cancelled, deleted) puts its
 * quantity back.
 */
export async function syncReturnStock(
  db: Executor,
  siteId: string,
  returnIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(returnIds)];
  if (ids.length === 0) return;
  const removed = await repo.deleteMovements(db, siteId, ids, 'return');
  const lines = await repo.countedReturnLines(db, siteId, ids);
  if (lines.length === 0) return;
  const sums = await repo.sumsFor(
    db,
    siteId,
    lines.map((l) => l.item),
  );
  const rows = lines.map((line): repo.MovementRow => {
    const quantity = Number(line.quantity_returned);
    const s = sums.get(line.item)!;
    const value = checkMovementValue(outValue(s, quantity), 'quantity_returned');
    sums.set(line.item, takeFrom(s, quantity, value));
    return {
      id: line.id,
      site_id: siteId,
      item: line.item,
      movement_date: line.return_date,
      kind: 'return',
      quantity: -quantity,
      value: -value,
      source_id: line.vendor_return,
      source_line: line.id,
      created: line.created,
      updated: line.created,
    };
  });
  await repo.insertMovements(db, rows);
  await guardRunningBalance(
    db,
    siteId,
    removed,
    rows.map((r) => ({ item: r.item, date: r.movement_date, quantity: r.quantity })),
  );
}

/**
 * With negative stock not allowed, refuses (409 STOCK_WOULD_GO_NEGATIVE, the caller's transaction
 * rolls back) a change whose movements, already written, take an item's balance below zero — or
 * further below — on any day from the change on. `removed` and `added` are the movements the
 * change took out of the ledger and put in. Only items the change lowers on some day are locked
 * (in id order, as takeOut does) and read, so a new delivery costs nothing.
 */
export async function guardRunningBalance(
  db: Executor,
  siteId: string,
  removed: readonly repo.MovementEffect[],
  added: readonly repo.MovementEffect[],
): Promise<void> {
  const change = new Map<string, { date: string; quantity: number }[]>();
  const note = (item: string, date: string, quantity: number) => {
    const list = change.get(item) ?? [];
    list.push({ date, quantity });
    change.set(item, list);
  };
  for (const m of removed) note(m.item, m.date, -m.quantity);
  for (const m of added) note(m.item, m.date, m.quantity);
  const lowered = [...change].filter(([, days]) => lowersSomeDay(days)).map(([item]) => item);
  if (lowered.length === 0 || (await repo.allowsNegativeStock(db, siteId))) return;
  const names = await repo.lockItems(db, siteId, lowered);
  const ledger = await repo.dailyQuantities(db, siteId, lowered);
  for (const { id, name } of names) {
    const shortfall = firstShortfall(ledger.get(id) ?? [], change.get(id) ?? []);
    if (shortfall) {
      throw new AppError('STOCK_WOULD_GO_NEGATIVE', {
        item: id,
        item_name: name,
        date: shortfall.date,
        short: fromMilli(-shortfall.balance),
      });
    }
  }
}

function takeFrom(s: StockSums, quantity: number, value: number): StockSums {
  return { ...s, quantity: s.quantity - quantity, value: s.value - value };
}

export interface OutLine {
  item: string;
  /** Milli, > 0. */
  quantity: number;
  /** The record's line it came from (transfer lines); null for one-line records. */
  sourceLine: string | null;
  /** Where a refusal points in the request body, e.g. `lines.2.quantity`. */
  field: string;
}

/**
 * Takes stock out for one record: locks its items, refuses more than on hand (400
 * INSUFFICIENT_STOCK) unless the site allows negative stock, and writes the movements at the
 * moving average. Returns each line's value in paise, in the order given.
 */
export async function takeOut(
  db: Executor,
  siteId: string,
  lines: readonly OutLine[],
  movement: { kind: StockMovementKind; date: string; sourceId: string; now: string },
): Promise<number[]> {
  const items = lines.map((l) => l.item);
  await repo.lockItems(db, siteId, items);
  const sums = await repo.sumsFor(db, siteId, items);
  const negativeAllowed = await repo.allowsNegativeStock(db, siteId);
  if (!negativeAllowed) await checkAvailable(db, siteId, lines, movement.date);
  const values: number[] = [];
  const rows = lines.map((line): repo.MovementRow => {
    const s = sums.get(line.item)!;
    const value = checkMovementValue(outValue(s, line.quantity), line.field);
    sums.set(line.item, takeFrom(s, line.quantity, value));
    values.push(value);
    return {
      id: newId(),
      site_id: siteId,
      item: line.item,
      movement_date: movement.date,
      kind: movement.kind,
      quantity: -line.quantity,
      value: -value,
      source_id: movement.sourceId,
      source_line: line.sourceLine,
      created: movement.now,
      updated: movement.now,
    };
  });
  await repo.insertMovements(db, rows);
  return values;
}

/**
 * Every item's total asked for must be on hand on the movement's day and every later one, so a
 * backdated out cannot take a day below zero that today's total hides (an item on two lines
 * counts once, summed).
 */
async function checkAvailable(
  db: Executor,
  siteId: string,
  lines: readonly OutLine[],
  date: string,
): Promise<void> {
  const asked = new Map<string, number>();
  const ledger = await repo.dailyQuantities(
    db,
    siteId,
    lines.map((l) => l.item),
  );
  for (const line of lines) {
    const total = (asked.get(line.item) ?? 0) + line.quantity;
    asked.set(line.item, total);
    const days = ledger.get(line.item) ?? [];
    const available = availableFrom(days, date);
    if (total > available) {
      // Today's stock would allow it: say which day is the limit.
      const today = days.reduce((sum, d) => sum + d.quantity, 0);
      throw new AppError('INSUFFICIENT_STOCK', {
        available: fromMilli(available),
        requested: fromMilli(line.quantity),
        item: line.item,
        field: line.field,
        ...(available < today ? { variant: 'later_day', date } : {}),
      });
    }
  }
}

/** One movement in or an adjustment at a given value (transfers in, counts). */
export async function putMovement(db: Executor, row: repo.MovementRow): Promise<void> {
  await repo.insertMovements(db, [row]);
}
