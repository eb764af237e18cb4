/**
 * Field codecs of the record-type registry (issue 41): what a column holds and how it is stored.
 * The database keeps integers (schema-core.ts conventions): money in paise, quantities in
 * thousandths, rates in hundredths of a percent, booleans 0/1; business dates `YYYY-MM-DD` text;
 * file lists a JSON array of names. The API shows rupees, units and percents. A codec turns one
 * into the other, so nothing guesses a unit from a column's name.
 */
export type FieldCodec = (
  | { readonly kind: 'money' }
  | { readonly kind: 'qty' }
  | { readonly kind: 'rate' }
  | { readonly kind: 'int' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'bizDate' }
  | { readonly kind: 'text' }
  | FilesCodec
  | { readonly kind: 'ref'; readonly target: string; readonly otherSite?: boolean }
) &
  CodecOptions;

/** A file list; `pdf`: PDFs are accepted besides images. */
export interface FilesCodec {
  readonly kind: 'files';
  readonly pdf?: boolean;
}

export type FieldKind = FieldCodec['kind'];
export type Fields = Readonly<Record<string, FieldCodec>>;

/** What a field may say besides its storage. */
export interface CodecOptions {
  /**
   * Its English column heading in exports where the one derived from its name (`fieldLabel`)
   * reads wrong ('is_active' → "Active").
   */
  readonly label?: string;
}

/** A codec of `kind`; the options only when given, so a plain codec stays `{ kind }`. */
function codec<K extends FieldKind>(kind: K, options?: CodecOptions) {
  return options?.label === undefined
    ? ({ kind } as const)
    : ({ kind, label: options.label } as const);
}

/** Money: integer paise in the database, rupees with two decimals in JSON. */
export const money = (options?: CodecOptions) => codec('money', options);
/** A quantity: integer thousandths in the database, units with three decimals in JSON. */
export const qty = (options?: CodecOptions) => codec('qty', options);
/** A percentage (GST rate, tolerance): integer hundredths of a percent in the database. */
export const rate = (options?: CodecOptions) => codec('rate', options);
/** A plain integer (a count, a percent of work done): the same number in both. */
export const int = (options?: CodecOptions) => codec('int', options);
/** A flag: 0/1 in the database. */
export const bool = (options?: CodecOptions) => codec('bool', options);
/** A business date, `YYYY-MM-DD` text in both. */
export const bizDate = (options?: CodecOptions) => codec('bizDate', options);
export const text = (options?: CodecOptions) => codec('text', options);
/** The record's files: a JSON array of stored names (platform/files.ts). */
export const files = (options?: CodecOptions & { readonly pdf?: boolean }) =>
  options?.pdf === true
    ? ({ ...codec('files', options), pdf: true } as const)
    : codec('files', options);
/**
 * The id of a row of `target` (a table). A reference to another site record must point at a row
 * of the same site (the integrity check reads these); `otherSite` marks the one that by design
 * points at another site's row (a transfer line's item on the receiving site).
 */
export function ref<T extends string>(
  target: T,
  options: CodecOptions & { otherSite: true },
): { readonly kind: 'ref'; readonly target: T; readonly otherSite: true; readonly label?: string };
export function ref<T extends string>(
  target: T,
  options?: CodecOptions,
): { readonly kind: 'ref'; readonly target: T; readonly label?: string };
export function ref(target: string, options?: CodecOptions & { otherSite?: true }): FieldCodec {
  return {
    kind: 'ref',
    target,
    ...(options?.otherSite ? { otherSite: true } : {}),
    ...(options?.label === undefined ? {} : { label: options.label }),
  };
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
