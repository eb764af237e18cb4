/**
 * The record-type registry (issue 41): the one place a site record type is declared. The
 * declarations are in `types-*.ts`; this file puts them in one list and answers the questions
 * consumers ask of it. A test may add a throwaway type with `registerRecordType` (and take it out
 * again); production code declares its types in the list.
 */
import type { FieldCodec, Fields } from './codecs.js';
import type { RecordPageDef, RecordTypeDef, TableDef } from './define.js';
import { CATALOG_LATE_TYPES, CATALOG_TYPES } from './types-catalog.js';
import { MONEY_TYPES, RETURN_TYPES } from './types-money.js';
import { PURCHASE_TYPES, PURCHASING_TYPES } from './types-purchases.js';
import { STOCK_TYPES } from './types-stock.js';
import { SUBCONTRACT_TYPES } from './types-subcontract.js';
import { LABOUR_TYPES } from './types-labour.js';
import { BUDGET_TYPES } from './types-budgets.js';
import { PETTY_TYPES } from './types-petty.js';

export * from './codecs.js';
export * from './define.js';

/**
 * Every site record type, in the order plan resources are listed (items, vendors, deliveries,
 * service bookings, payments, accounts, vendor returns, services, material requests, purchase
 * orders).
 */
export const RECORD_TYPES = [
  ...CATALOG_TYPES,
  ...PURCHASE_TYPES,
  ...MONEY_TYPES,
  ...RETURN_TYPES,
  ...CATALOG_LATE_TYPES,
  ...PURCHASING_TYPES,
  ...STOCK_TYPES,
  ...SUBCONTRACT_TYPES,
  ...LABOUR_TYPES,
  ...BUDGET_TYPES,
  ...PETTY_TYPES,
] as const satisfies readonly RecordTypeDef[];

type Declared = (typeof RECORD_TYPES)[number];
/** The collections counted by plan limits, as a type. */
export type PlanCounted = Extract<Declared, { planResource: true }>['collection'];
/** The collections whose creates a phone may keep in its offline queue, as a type. */
export type OfflineQueued = Extract<Declared, { offlineQueued: true }>['collection'];

/** The declared collections whose creates a phone may keep in its offline queue. */
export const OFFLINE_QUEUED = RECORD_TYPES.flatMap((type) =>
  'offlineQueued' in type && type.offlineQueued ? [type.collection] : [],
) as readonly OfflineQueued[];

const extra: RecordTypeDef[] = [];

/** For tests: adds a record type until the returned function takes it out again. */
export function registerRecordType(type: RecordTypeDef): () => void {
  if (recordTypes().some((t) => t.collection === type.collection || t.table === type.table)) {
    throw new Error(`Record type ${type.collection} is already declared`);
  }
  extra.push(type);
  return () => {
    const at = extra.indexOf(type);
    if (at >= 0) extra.splice(at, 1);
  };
}

/** Every record type: the declared ones, then any a test added. */
export function recordTypes(): readonly RecordTypeDef[] {
  return extra.length === 0 ? RECORD_TYPES : [...RECORD_TYPES, ...extra];
}

export function recordTypeOf(collection: string): RecordTypeDef | undefined {
  return recordTypes().find((t) => t.collection === collection);
}

/** A record type with pages on the web. */
export type PagedRecordType = RecordTypeDef & { readonly page: RecordPageDef };

/** Every record type with pages on the web, in sidebar order. */
export function pagedRecordTypes(): PagedRecordType[] {
  return recordTypes()
    .filter((type): type is PagedRecordType => type.page !== undefined)
    .sort((a, b) => a.page.order - b.page.order);
}

/** The record type the activity trail names `entity`. */
export function auditedTypeOf(entity: string): RecordTypeDef | undefined {
  return recordTypes().find((t) => t.audit?.entity === entity);
}

/** Every table of the registry: each record type's own and its line and link tables. */
export function registryTables(): readonly TableDef[] {
  return recordTypes().flatMap((t) => [t, ...(t.tables ?? [])]);
}

/**
 * The collections whose answers show what is in `table` (its `shownIn`): a record type's own
 * table is shown in its collection and those; a table the registry does not declare, or a line
 * table that names none, in itself alone. Undefined for a table the registry does not declare.
 */
export function collectionsShowing(table: string): readonly string[] | undefined {
  for (const type of recordTypes()) {
    if (type.table === table) return [type.collection, ...(type.shownIn ?? [])];
    const part = type.tables?.find((t) => t.table === table);
    if (part) return part.shownIn ?? [table];
  }
  return undefined;
}

/** The tables a business's sites share (`shared`: vendors, their tags; issue 47). */
export function sharedTables(): readonly string[] {
  return registryTables()
    .filter((t) => t.shared)
    .map((t) => t.table);
}

export function tableOf(table: string): TableDef | undefined {
  return registryTables().find((t) => t.table === table);
}

/** The codec of `table.field`, if the registry declares it. */
export function fieldCodec(fields: Fields | undefined, field: string): FieldCodec | undefined {
  return fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
}

/** The collections counted by plan limits, in the registry's order. */
export function planResources(): string[] {
  return recordTypes()
    .filter((t) => t.planResource)
    .map((t) => t.collection);
}

/** [table, column, target table]: a reference between two site tables. */
export type SiteReference = readonly [table: string, column: string, target: string];

/**
 * Every reference between site records, from the `ref()` fields: a column pointing at a table of
 * the registry (not at users, sites or plans), and not one that points at another site by design.
 * Sorted by table, column and target.
 */
export function siteReferences(): SiteReference[] {
  const tables = registryTables();
  const sited = new Set(tables.map((t) => t.table));
  const found: SiteReference[] = [];
  for (const { table, fields } of tables) {
    for (const [column, codec] of Object.entries(fields)) {
      if (codec.kind === 'ref' && !codec.otherSite && sited.has(codec.target)) {
        found.push([table, column, codec.target]);
      }
    }
  }
  return found.sort((a, b) => (a.join('.') < b.join('.') ? -1 : 1));
}

/** Link tables without an id column: the column that names a row in a report. */
export function rowKeys(): Record<string, string> {
  return Object.fromEntries(
    registryTables().flatMap((t) => (t.rowKey ? [[t.table, t.rowKey] as const] : [])),
  );
}

/** The columns of a table holding file lists. */
export function fileFields(table: TableDef): string[] {
  return Object.entries(table.fields)
    .filter(([, codec]) => codec.kind === 'files')
    .map(([field]) => field);
}

/** Its list may be downloaded (`GET /<collection>/export`): it has one, not turned off. */
export function isListExported(type: RecordTypeDef): boolean {
  return type.list !== undefined && type.listExport !== false;
}

/** Every record type whose list may be downloaded. */
export function exportedTypes(): readonly RecordTypeDef[] {
  return recordTypes().filter(isListExported);
}

/** Words written in capitals in a heading: tax names and codes. */
const ACRONYMS = new Set(['gst', 'gstin', 'cgst', 'sgst', 'igst', 'rcm', 'hsn', 'sac', 'id']);

/**
 * A field's English column heading: the codec's `label`, else its name in words with a capital
 * first letter and tax names in capitals ('vendor_gstin' → "Vendor GSTIN").
 */
export function fieldLabel(field: string, codec?: FieldCodec): string {
  if (codec?.label) return codec.label;
  const words = field
    .split('_')
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
