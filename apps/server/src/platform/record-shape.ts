/**
 * Shaping records for the API (issue 41): a stored number becomes its API number through the
 * registry codec of its field (`money()` paise → rupees, `qty()` thousandths → units, `rate()`
 * hundredths → percent), so no shape function converts a field by hand. Figures that are not a
 * stored field (report sums, dashboard cards, balances) go through `rupees`, one call per object.
 */
import {
  fieldCodec,
  fromMilli,
  rateFromStored,
  tableOf,
  toRupees,
  type FieldCodec,
} from '@siteledger/domain';

type Stored = number | string | bigint;

/** The API value of a stored field: a number, or null where the column may be null. */

const codecCache = new Map<string, FieldCodec>();

function numericCodec(table: string, field: string): FieldCodec {
  const key = `${table}.${field}`;
  const cached = codecCache.get(key);
  if (cached) return cached;
  const codec = fieldCodec(tableOf(table)?.fields, field);
  if (!codec || (codec.kind !== 'money' && codec.kind !== 'qty' && codec.kind !== 'rate')) {
    throw new Error(`${key} is not a money, quantity or rate field of the registry`);
  }
  codecCache.set(key, codec);
  return codec;
}

/** One stored number in API units, through its codec (rounded as `toRupees`/`fromMilli` round). */
export function toApi(codec: FieldCodec, stored: Stored): number {
  const value = Number(stored);
  if (codec.kind === 'money') return toRupees(value);
  if (codec.kind === 'qty') return fromMilli(value);
  return rateFromStored(value);
}

/**
 * `keys` of a stored row of `table`, in that order, each through its field's codec; a null stays
 * null. Spread it where the fields belong in the reply so the key order stays as it was.
 */
export function apiFields<R extends Partial<Record<K, Stored | null>>, K extends keyof R & string>(
  table: string,
  row: R,
  keys: readonly K[],
): { [P in K]: null extends R[P] ? number | null : number } {
  const out: Record<string, number | null> = {};
  for (const key of keys) {
    const codec = numericCodec(table, key);
    const stored = row[key];
    out[key] = stored === null || stored === undefined ? null : toApi(codec, stored);
  }
  return out as { [P in K]: null extends R[P] ? number | null : number };
}

/** Computed paise figures as rupees, key by key in the order given (the same rounding). */
export function rupees<T extends Record<string, Stored>>(paise: T): { [P in keyof T]: number } {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(paise)) out[key] = toRupees(Number(value));
  return out as { [P in keyof T]: number };
}

/** A computed figure and the codec it is shown through: `[money(), paise]`, `[qty(), milli]`. */
export type Figure = readonly [codec: FieldCodec, stored: Stored];

/**
 * Computed figures of mixed kinds (a report row's quantities and values), each through the codec
 * named with it, key by key in the order given.
 */
export function figures<T extends Record<string, Figure>>(spec: T): { [P in keyof T]: number } {
  const out: Record<string, number> = {};
  for (const [key, [codec, stored]] of Object.entries(spec)) out[key] = toApi(codec, stored);
  return out as { [P in keyof T]: number };
}

/**
 * A weighted average in rupees per unit: Σ value (paise) over Σ quantity (thousandths), rounded
 * to the paisa; 0 when nothing was counted.
 */
export function perUnitRupees(valuePaise: number, milli: number): number {
  return rupees({ average: milli > 0 ? Math.round((valuePaise * 1000) / milli) : 0 }).average;
}
