/**
 * What the list and the form drawn from a registry entry (registry-list-page.tsx) know of its
 * fields: which they show, how a value reads, and how a form's text becomes a request body.
 */
import type { FieldCodec, RecordTypeDef } from '@siteledger/domain';
import { formatBusinessDate } from '../../lib/dates';
import { formatDecimal, formatInteger, formatRupees, numberFormat } from '../../lib/format';

export type RegistryRow = { id: string } & Record<string, unknown>;

/** At most this many columns: a list, not the record. */
const MAX_COLUMNS = 6;
/** What cannot be shown or typed as text: an id of another record (needs a picker), a file list. */
const HIDDEN: ReadonlySet<FieldCodec['kind']> = new Set(['ref', 'files']);
/** Numbers: right-aligned in the list, typed as numbers in the form. */
export const NUMERIC: ReadonlySet<FieldCodec['kind']> = new Set(['money', 'qty', 'rate', 'int']);

/** A field's value as the list shows it (rupees, units, percents and dates as the app writes them). */
export function formatField(codec: FieldCodec, value: unknown, language: string): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (codec.kind) {
    case 'money':
      return formatRupees(Number(value));
    case 'qty':
      return numberFormat(3).format(Number(value));
    case 'rate':
      return `${formatDecimal(Number(value))}%`;
    case 'int':
      return formatInteger(Number(value));
    case 'bool':
      return value ? '✓' : '—';
    case 'bizDate':
      return formatBusinessDate(String(value), language);
    default:
      return String(value);
  }
}

/** The fields the form edits, in declaration order. */
export function formFields(type: RecordTypeDef): [string, FieldCodec][] {
  return Object.entries(type.fields).filter(([, codec]) => !HIDDEN.has(codec.kind));
}

/** The fields the list shows: the form's first few. */
export function listedFields(type: RecordTypeDef): [string, FieldCodec][] {
  return formFields(type).slice(0, MAX_COLUMNS);
}

export type FormValues = Record<string, string | boolean>;

/** A record's values as the form's inputs hold them (numbers as text, nothing as ''). */
export function formValuesOf(fields: [string, FieldCodec][], row: RegistryRow | null): FormValues {
  return Object.fromEntries(
    fields.map(([field, codec]) => {
      const value = row?.[field];
      if (codec.kind === 'bool') return [field, Boolean(value)];
      return [field, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/**
 * The request body of the form's values: numbers as numbers, a flag as a boolean; an empty
 * input is left out of a create and cleared (null) by an edit. The server validates the rest.
 */
export function bodyOf(
  fields: [string, FieldCodec][],
  values: FormValues,
  editing: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, codec] of fields) {
    const value = values[field];
    if (codec.kind === 'bool') {
      body[field] = value === true;
      continue;
    }
    const typed = typeof value === 'string' ? value.trim() : '';
    if (typed === '') {
      if (editing) body[field] = null;
      continue;
    }
    body[field] = NUMERIC.has(codec.kind) ? Number(typed) : typed;
  }
  return body;
}
