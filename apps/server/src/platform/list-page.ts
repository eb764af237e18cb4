import type { SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import { paginate, type ListSpec, type Page } from './list.js';
import type { SiteScope } from './scope.js';

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
