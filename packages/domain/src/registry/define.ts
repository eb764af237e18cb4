import type { Permission } from '../permissions.js';
import type { Fields } from './codecs.js';

/**
 * A table of the registry: its name and its fields (business columns; every site table also has
 * `id`, `site_id`, `created`, `updated` and mostly `created_by`, which are not listed). A link
 * table without an `id` names the column that identifies a row in a report (`rowKey`).
 */
export interface TableDef {
  readonly table: string;
  readonly fields: Fields;
  readonly rowKey?: string;
}

/** Who may do what (spec part 6): a permission of the map, or 'owner' for owners only. */
export type Guard = Permission | 'owner';

export interface RecordPermissions {
  /** Reading: any member who may read, or canViewFinancials for money (API.md "Permissions"). */
  readonly read: 'canRead' | 'canViewFinancials';
  /** Left out: the collection has no such route. */
  readonly create?: Guard;
  readonly update?: Guard;
  readonly delete?: Guard;
}

/** The list route's query (platform/list.ts `ListSpec`). */
export interface ListDef {
  readonly sorts: readonly string[];
  readonly filters: readonly string[];
  readonly search?: readonly string[];
  /** The business-date column `from`/`to` bound. */
  readonly date?: string;
  readonly defaultSort?: string;
}

/** What the activity trail keeps of a record type (platform/audit.ts). */
export interface AuditDef {
  /** The trail's entity name (`audit_log.entity`, the domain's `AUDIT_ENTITIES`). */
  readonly entity: string;
  /** Its history needs canViewFinancials, like the records. */
  readonly financial?: boolean;
  /** Parts kept with the record's snapshot: snapshot key → the table whose rows they are. */
  readonly parts?: Readonly<Record<string, string>>;
}

/**
 * One site record type (issue 41): `/api/sites/{siteId}/<collection>` over `table`. Everything a
 * consumer needs to know about it is here, so nothing else keeps a list of record types.
 */
export interface RecordTypeDef extends TableDef {
  readonly collection: string;
  /** Named in a refusal: "Permission denied: Cannot update <entity>". */
  readonly entity: string;
  /** The OpenAPI tag of its routes, and what the tag says. */
  readonly tag: string;
  readonly description?: string;
  readonly permissions: RecordPermissions;
  /** Counted by plan limits (spec part 4): the resource is the collection. */
  readonly planResource?: boolean;
  readonly audit?: AuditDef;
  /** A create a phone may keep in its offline queue and send again. */
  readonly offlineQueued?: boolean;
  /** Its create reads `Idempotency-Key`. */
  readonly idempotent?: boolean;
  readonly list?: ListDef;
  /** Only the list route (`GET /<collection>`), no `/{id}`. */
  readonly listOnly?: boolean;
  /** Line and link tables that belong to the record (purged, referenced and checked with it). */
  readonly tables?: readonly TableDef[];
}
