/**
 * Site stock (API.md "Site stock"): the movement kinds of the one ledger and the moving-average
 * rules. Quantities are thousandths of a unit ("milli") and values paise, as everywhere. The
 * server enforces these; the web app reads the same functions to explain them.
 */

export const STOCK_MOVEMENT_KINDS = [
  'delivery',
  'return',
  'consumption',
  'transfer_out',
  'transfer_in',
  'adjustment',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** Kinds that bring stock in at their own cost; every other kind moves it at the average. */
export const STOCK_IN_KINDS: readonly StockMovementKind[] = ['delivery', 'transfer_in'];

export const STOCK_TRANSFER_STATUSES = ['sent', 'received'] as const;
export type StockTransferStatus = (typeof STOCK_TRANSFER_STATUSES)[number];

export const STOCK_ADJUSTMENT_STATUSES = ['applied', 'pending', 'rejected'] as const;
export type StockAdjustmentStatus = (typeof STOCK_ADJUSTMENT_STATUSES)[number];

/** A site and item's ledger sums: quantity and value now, and what came in at cost. */
export interface StockSums {
  /** Σ quantity of every movement (milli). */
  quantity: number;
  /** Σ value of every movement (paise). */
  value: number;
  /** Σ quantity and value of the movements that came in at their own cost. */
  inQuantity: number;
  inValue: number;
}

export const EMPTY_STOCK: StockSums = { quantity: 0, value: 0, inQuantity: 0, inValue: 0 };

/** a × b ÷ c rounded half away from zero, exact for any whole numbers (BigInt). */
function mulDivRound(a: number, b: number, c: number): number {
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c);
  const negative = num < 0n !== den < 0n;
  const an = num < 0n ? -num : num;
  const ad = den < 0n ? -den : den;
  const q = (an * 2n + ad) / (2n * ad);
  return Number(negative ? -q : q);
}

/**
 * The moving average as a (value, quantity) pair: the stock's own when it has some, else the
 * average of everything that came in (stock run to zero or below keeps its last known cost).
 */
function averagePair(s: StockSums): [number, number] | null {
  if (s.quantity > 0 && s.value >= 0) return [s.value, s.quantity];
  if (s.inQuantity > 0) return [s.inValue, s.inQuantity];
  return null;
}

/** Moving average cost in paise per unit (not rounded: API.md rounds only when shown). */
export function averageCost(s: StockSums): number {
  const pair = averagePair(s);
  return pair ? (pair[0] * 1000) / pair[1] : 0;
}

/**
 * Paise that `quantity` (milli, > 0) takes out of the stock at its average: the whole value when
 * it empties the stock exactly, so rounding leaves no paise behind.
 */
export function outValue(s: StockSums, quantity: number): number {
  if (quantity <= 0) return 0;
  if (s.quantity > 0 && s.value >= 0) {
    if (quantity === s.quantity) return s.value;
    if (quantity < s.quantity) return mulDivRound(quantity, s.value, s.quantity);
    // Below zero (the site allows negative stock): the rest at the same average.
    return s.value + mulDivRound(quantity - s.quantity, s.value, s.quantity);
  }
  const pair = averagePair(s);
  return pair ? mulDivRound(quantity, pair[0], pair[1]) : 0;
}

/** What the stock is worth, in paise: its own value while there is stock, else nothing. */
export function stockValue(s: StockSums): number {
  return s.quantity > 0 ? Math.max(0, s.value) : 0;
}

/** True when an item with a minimum level is below it. */
export function isLowStock(onHandMilli: number, minLevelMilli: number | null): boolean {
  return minLevelMilli !== null && onHandMilli < minLevelMilli;
}

/**
 * Whether a count's adjustment waits for an owner: its value (paise, either sign) is above the
 * site's threshold. Owners' counts never wait; no threshold: none wait.
 */
export function countNeedsApproval(
  valuePaise: number,
  thresholdPaise: number | null,
  byOwner: boolean,
): boolean {
  return !byOwner && thresholdPaise !== null && Math.abs(valuePaise) > thresholdPaise;
}
