/**
 * Field codecs of the record-type registry (issue 41): what a column holds and how it is stored.
 * The database keeps integers (schema-core.ts conventions): money in paise, quantities in
 * thousandths, rates in hundredths of a percent, booleans 0/1; business dates `YYYY-MM-DD` text;
 * file lists a JSON array of names. The API shows rupees, units and percents. A codec turns one
 * into the other, so nothing guesses a unit from a column's name.
 */
export type FieldCodec =
  | { readonly kind: 'money' }
  | { readonly kind: 'qty' }
  | { readonly kind: 'rate' }
  | { readonly kind: 'int' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'bizDate' }
  | { readonly kind: 'text' }
  | FilesCodec
  | { readonly kind: 'ref'; readonly target: string; readonly otherSite?: boolean };

/** A file list; `pdf`: PDFs are accepted besides images. */
export interface FilesCodec {
  readonly kind: 'files';
  readonly pdf?: boolean;
}

export type FieldKind = FieldCodec['kind'];
export type Fields = Readonly<Record<string, FieldCodec>>;

/** Money: integer paise in the database, rupees with two decimals in JSON. */
export const money = () => ({ kind: 'money' }) as const;
/** A quantity: integer thousandths in the database, units with three decimals in JSON. */
export const qty = () => ({ kind: 'qty' }) as const;
/** A percentage (GST rate, tolerance): integer hundredths of a percent in the database. */
export const rate = () => ({ kind: 'rate' }) as const;
/** A plain integer (a count, a percent of work done): the same number in both. */
export const int = () => ({ kind: 'int' }) as const;
/** A flag: 0/1 in the database. */
export const bool = () => ({ kind: 'bool' }) as const;
/** A business date, `YYYY-MM-DD` text in both. */
export const bizDate = () => ({ kind: 'bizDate' }) as const;
export const text = () => ({ kind: 'text' }) as const;
/** The record's files: a JSON array of stored names (platform/files.ts). */
export const files = <const P extends boolean = false>(options?: { readonly pdf?: P }) =>
  ({ kind: 'files', pdf: (options?.pdf ?? false) as P }) as const;
/**
 * The id of a row of `target` (a table). A reference to another site record must point at a row
 * of the same site (the integrity check reads these); `otherSite` marks the one that by design
 * points at another site's row (a transfer line's item on the receiving site).
 */
export function ref<T extends string>(target: T): { readonly kind: 'ref'; readonly target: T };
export function ref<T extends string>(
  target: T,
  options: { otherSite: true },
): { readonly kind: 'ref'; readonly target: T; readonly otherSite: true };
export function ref(target: string, options?: { otherSite: true }): FieldCodec {
  return options ? { kind: 'ref', target, otherSite: true } : { kind: 'ref', target };
}

/** Stored integer units per API unit: 100 for paise and hundredths, 1000 for thousandths. */
export function storageScale(codec: FieldCodec | undefined): number {
  if (!codec) return 1;
  if (codec.kind === 'money' || codec.kind === 'rate') return 100;
  if (codec.kind === 'qty') return 1000;
  return 1;
}

/** A stored number in API units (paise → rupees, thousandths → units, hundredths → percent). */
export function numberFromStored(codec: FieldCodec | undefined, stored: number): number {
  return stored / storageScale(codec);
}

/** An API number in stored units, rounded half away from zero to a whole unit. */
export function numberToStored(codec: FieldCodec | undefined, value: number): number {
  const scaled = value * storageScale(codec);
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

/** A stored file list (JSON text) as the names it holds; anything else comes back as it was. */
export function filesFromStored(stored: string): unknown {
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return stored;
  }
}
