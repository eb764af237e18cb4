import type { SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import { notFound } from './errors.js';
import { paginate, type ListSpec, type Page } from './list.js';
import { expandSet } from './route-params.js';
import type { SiteScope } from './scope.js';

/** Turns a page's rows into API records, reading each `expand` relation once for all rows. */
export type ShapeRows<R, T> = (rows: R[], expand: Set<string>) => Promise<T[]>;

/**
 * A site collection's list read (API.md "Lists"): `paginate` over `base` with the site's kept
 * totals, then the page's rows shaped with the query's `expand`.
 */
export async function listShaped<TB extends keyof Database, R, T>(
  scope: SiteScope,
  base: SelectQueryBuilder<Database, TB, R>,
  spec: ListSpec,
  query: ListQuery & { expand?: string },
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
