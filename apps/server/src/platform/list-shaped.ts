import type { SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import { notFound } from './errors.js';
import { paginate, type ListSpec, type Page } from './list.js';
import { listSpecOf } from './list-spec.js';
import { expandSet } from './route-params.js';
import type { SiteScope } from './scope.js';

/** Turns a page's rows into API records, reading each `expand` relation once for all rows. */
export type ShapeRows<R, T> = (rows: R[], expand: Set<string>) => Promise<T[]>;

/** A module's shaper: the rows of `siteId` read on `db` (a transaction's, when it writes). */
export type ShapeSiteRows<R, T> = (
  db: Executor,
  siteId: string,
  rows: R[],
  expand: Set<string>,
) => Promise<T[]>;

/** A list query: page, sort, filters, `q`, dates and `expand`. */
export type ShapedListQuery = ListQuery & { expand?: string };

export { listSpecOf };

/**
 * A site collection's list read (API.md "Lists"): `paginate` over `base` with the site's kept
 * totals, then the page's rows shaped with the query's `expand`.
 */
export async function listShaped<TB extends keyof Database, R, T>(
  scope: SiteScope,
  base: SelectQueryBuilder<Database, TB, R>,
  spec: ListSpec,
  query: ShapedListQuery,
  shape: ShapeRows<R, T>,
): Promise<Page<T>> {
  const { ctx, siteId } = scope;
  const page = await paginate(base, spec, siteId, query, query, ctx.listTotals);
  return { ...page, items: await shape(page.items, expandSet(query.expand)) };
}

/** One record read: 404 `<what> not found` when `row` is missing, else the row shaped. */
export async function shapeOne<R, T>(
  row: R | undefined,
  what: string,
  shape: ShapeRows<R, T>,
  expand: Set<string>,
): Promise<T> {
  if (!row) throw notFound(what);
  const [record] = await shape([row], expand);
  return record!;
}

/** The list read of a registry collection whose rows `base` selects and `shape` shapes. */
export function recordLister<TB extends keyof Database, R, T>(
  collection: string,
  base: (db: Executor) => SelectQueryBuilder<Database, TB, R>,
  shape: ShapeSiteRows<R, T>,
) {
  const spec = listSpecOf(collection);
  return (scope: SiteScope, query: ShapedListQuery): Promise<Page<T>> => {
    const db = scope.ctx.db.kysely;
    return listShaped(scope, base(db), spec, query, (rows, ex) =>
      shape(db, scope.siteId, rows, ex),
    );
  };
}

/** The one-record read (`?expand=`) of rows `find` reads and `shape` shapes; 404 names `what`. */
export function recordGetter<R, T>(
  what: string,
  find: (db: Executor, siteId: string, id: string) => Promise<R | undefined>,
  shape: ShapeSiteRows<R, T>,
) {
  return async (scope: SiteScope, id: string, expand: Set<string> = new Set()): Promise<T> => {
    const db = scope.ctx.db.kysely;
    const shapeRows: ShapeRows<R, T> = (rows, ex) => shape(db, scope.siteId, rows, ex);
    return shapeOne(await find(db, scope.siteId, id), what, shapeRows, expand);
  };
}
