import type { SelectQueryBuilder } from 'kysely';
import { recordTypeOf, type ListQuery } from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import { paginate, type ListSpec, type Page } from './list.js';
import type { SiteScope } from './scope.js';

/**
 * A collection's list spec as its registry entry declares it (packages/domain registry `list`):
 * the sorts, filters, search and date columns are declared once. `defaultSort` falls back to
 * `fallbackSort` where the entry names none.
 */
export function listSpecOf(collection: string, fallbackSort = '-created'): ListSpec {
  const type = recordTypeOf(collection);
  if (!type?.list) throw new Error(`No list declared for ${collection} in the registry`);
  const { sorts, defaultSort, filters, search, date } = type.list;
  return {
    table: type.table as ListSpec['table'],
    sortable: sorts,
    defaultSort: defaultSort ?? fallbackSort,
    filters,
    ...(search ? { search } : {}),
    ...(date ? { dateColumn: date } : {}),
  };
}

/**
 * One page of a site's collection, shaped for the API: the request's query gives both the paging
 * terms and the equality filters, and the site's kept totals answer the count (platform/list.ts).
 */
export async function listPage<TB extends keyof Database, O, T>(
  scope: SiteScope,
  base: SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec,
  query: ListQuery & Record<string, unknown>,
  shape: (rows: O[]) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const page = await paginate(base, spec, scope.siteId, query, query, scope.ctx.listTotals);
  return { ...page, items: await shape(page.items) };
}
