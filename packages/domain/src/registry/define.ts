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
  /**
   * The collections (as clients key them) whose answers show figures read from this table, so a
   * write to it changes them too (`X-Changed-Collections`, platform/changed-collections.ts): for a
   * record type's own table, besides its collection; for a line or link table, all of them (one
   * that names none is its own collection).
   */
  readonly shownIn?: readonly string[];
  /**
   * The business's, not one site's (issue 47, shared masters): every site of the business reads,
   * names and changes its rows; `site_id` stays the site that made the row (plan limits count per
   * site what the site created). Figures read from a site's records stay that site's.
   */
  readonly shared?: true;
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
  /**
   * `GET /<collection>/export`: its list as CSV or XLSX (modules/exports/records), for whoever
   * may read it. On for every type with a `list`; `false` leaves the route out.
   */
  readonly listExport?: boolean;
  /**
   * The column that names one of its records where another record refers to it (an export's
   * vendor column shows the vendor's `name`). Without one a reference shows the id.
   */
  readonly nameField?: string;
  /** Line and link tables that belong to the record (purged, referenced and checked with it). */
  readonly tables?: readonly TableDef[];
  /** Its pages on the web: a sidebar entry, routes, a quick action, a tour. */
  readonly page?: RecordPageDef;
}

/** The files `GET /<collection>/export` makes of a list. */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

/** A standard list page's tour targets: the test ids of its add button, toolbar and table. */
export interface ListTourTargets {
  readonly add: string;
  readonly toolbar: string;
  readonly table: string;
}

/**
 * A record type's pages on the web (issue 41). Opening them needs the type's read permission;
 * the list page's add action is a quick action, counted against the plan when `planResource`.
 */
export interface RecordPageDef {
  /** The list page ('/service-bookings'); its tour and test ids are named after it. */
  readonly path: string;
  /** camelCase: the label is `nav.<key>`, the quick action's `quickActions.actions.<key>`. */
  readonly key: string;
  /** Its place in the sidebar (ascending), after the dashboard and before the reports. */
  readonly order: number;
  /**
   * The list page's module under apps/web/src/features ('items/items-page', its `…Page` export).
   * Without one the web draws the list from this entry (components/list-page/registry-list-page).
   */
  readonly listPage?: string;
  /** The module of the record's own page at `<path>/:id`, when it has one. */
  readonly detailPage?: string;
  /** A lucide icon's name ('Package'); the web maps the name to the icon. */
  readonly icon: string;
  /** Alt+Shift+<letter> opens the list page. */
  readonly shortcut: string;
  /** A standard list page's tour; a page with its own tour is in features/onboarding/tours.ts. */
  readonly tour?: ListTourTargets;
  /**
   * The page's further add actions, each at a path of its own under the page (a tab) that opens
   * its form on the add event; `key` names its `quickActions.actions.<key>` label.
   */
  readonly moreActions?: readonly { readonly key: string; readonly path: string }[];
}

/** Every member who may reads; creating, editing and deleting need their permissions. */
export const CRUD = {
  read: 'canRead',
  create: 'canCreate',
  update: 'canUpdate',
  delete: 'canDelete',
} as const;

/** The same for money: reading needs canViewFinancials (API.md "Permissions"). */
export const FINANCIAL_CRUD = { ...CRUD, read: 'canViewFinancials' } as const;

type Defaulted = 'table' | 'entity' | 'tag' | 'permissions';

/** A declaration: what `siteRecord` fills in may be left out. */
export type RecordTypeDecl = Omit<RecordTypeDef, Defaulted> &
  Partial<Pick<RecordTypeDef, Defaulted>>;

/**
 * A site record type with the usual defaults: its table is its collection, its entity the
 * collection in words ('service_bookings' → 'service bookings'), its tag the entity, and
 * `CRUD` permissions. The declaration's literal types stay (plan resources are a type).
 */
export function siteRecord<const T extends RecordTypeDecl>(
  decl: T,
): T & Pick<RecordTypeDef, Defaulted> {
  const entity = decl.entity ?? decl.collection.replaceAll('_', ' ');
  return {
    ...decl,
    table: decl.table ?? decl.collection,
    entity,
    tag: decl.tag ?? entity,
    permissions: decl.permissions ?? CRUD,
  };
}
