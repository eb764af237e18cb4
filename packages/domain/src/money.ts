/**
 * Money is integer paise everywhere inside the product; rupees with two decimals only at the edges
 * (API JSON and display).
 */
export type Paise = number;

/** Largest amount the API accepts, in rupees (API.md: above 1e11 → 400). */
export const MAX_RUPEES = 1e11;

/** Rupees (at most 2 decimals) → paise. Rounds away float noise such as 0.1 + 0.2. */
export function toPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

/** Paise → rupees as a JSON number with at most two decimals. */
export function toRupees(paise: Paise): number {
  return Math.round(paise) / 100;
}

/**
 * Σ of rupee amounts, added in paise: rupee floats drift (0.1 + 0.2), a total must not differ by
 * a paisa from the rows it adds up.
 */
export function sumRupees(amounts: Iterable<number>): number {
  let paise = 0;
  for (const amount of amounts) paise += toPaise(amount);
  return toRupees(paise);
}

/** `a − b` in rupees, taken in paise for the same reason as `sumRupees`. */
export function rupeesMinus(a: number, b: number): number {
  return toRupees(toPaise(a) - toPaise(b));
}

/**
 * `value` as an integer number of 10^-decimals units (paise for 2, thousandths for 3), or null
 * when it has more decimals than that. Judged on the integer: the integer must give the value
 * back, to within binary rounding (a few units in its last place, so 0.1 + 0.2 is 30 paise). An
 * absolute tolerance once let 1e-9 rupees through as a positive amount of 0 paise (issue 37).
 */
export function toUnits(value: number, decimals: number): number | null {
  if (!Number.isFinite(value)) return null;
  const scale = 10 ** decimals;
  const units = Math.round(value * scale);
  return Math.abs(units / scale - value) <= Math.abs(value) * 4 * Number.EPSILON ? units : null;
}

/** True when a number has at most `decimals` decimal places (binary float noise aside). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return toUnits(value, decimals) !== null;
}

/** Quantities keep at most 3 decimals and are stored as integer thousandths. */
export function toMilli(quantity: number): number {
  return Math.round(quantity * 1000);
}

export function fromMilli(milli: number): number {
  return Math.round(milli) / 1000;
}

/** Line total = quantity × unit price, rounded to the paisa once, where it is made. */
export function lineTotalPaise(quantityMilli: number, unitPricePaise: Paise): Paise {
  return Math.round((quantityMilli * unitPricePaise) / 1000);
}

// Made on first use, not when the module loads: the first Intl formatter costs ~30 ms of a
// phone's start-up, and the sign-in page formats no money.
let inrFormatter: Intl.NumberFormat | undefined;

/** ₹1,23,456.78 — the same in English and Hindi screens. */
export function formatInr(paise: Paise): string {
  inrFormatter ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return inrFormatter.format(toRupees(paise));
}
