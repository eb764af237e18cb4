import { siteCondition } from '../db/site-scope.js';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@siteledger/domain';
import type { Database } from '../db/schema.js';
import { AppError } from './errors.js';
import type { ListTotals } from './list-totals.js';

export type { ListTotals };

/**
 * How one collection is listed (API.md "Lists"): which columns sort, which filter on equality,
 * which `q` searches, and which column `from`/`to` bound. Column names are the table's own,
 * whitelisted here so no request text ever becomes SQL.
 */
export interface ListSpec {
  table: keyof Database & string;
  sortable: readonly string[];
  /** e.g. '-delivery_date'; `id` is always added last so pages never overlap. */
  defaultSort: string;
  filters: readonly string[];
  search?: readonly string[];
  dateColumn?: string;
}

export interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

/** `items` as page `query.page` of `totalItems` (-1 when not counted: skipTotal). */
export function pageOf<T>(
  query: { page: number; perPage: number },
  totalItems: number,
  items: T[],
): Page<T> {
  return {
    page: query.page,
    perPage: query.perPage,
    totalItems,
    totalPages: totalItems < 0 ? -1 : Math.ceil(totalItems / query.perPage),
    items,
  };
}

interface SortTerm {
  column: string;
  direction: 'asc' | 'desc';
}

export function parseSort(spec: ListSpec, sort: string | undefined): SortTerm[] {
  const terms = (sort ?? spec.defaultSort)
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean)
    .map((term): SortTerm => {
      const direction = term.startsWith('-') ? 'desc' : 'asc';
      const column = term.replace(/^[-+]/, '');
      if (!spec.sortable.includes(column)) {
        throw new AppError('VALIDATION_FAILED', {
          sort: { code: 'invalid_sort', message: `Cannot sort by ${column}` },
        });
      }
      return { column, direction };
    });
  if (!terms.some((t) => t.column === 'id')) {
    terms.push({ column: 'id', direction: terms[0]?.direction ?? 'desc' });
  }
  return terms;
}

/** Equality filters present in the query string, limited to the spec's whitelist. */
export function pickFilters(spec: ListSpec, raw: Record<string, unknown>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const field of spec.filters) {
    const value = raw[field];
    if (typeof value === 'string' && value !== '') filters[field] = value.slice(0, 200);
  }
  return filters;
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Applies site scope, filters, search and date range to `base`, then counts and pages in SQL.
 * `base` selects from `spec.table` (possibly with joins) and already has its select list.
 */
export async function paginate<TB extends keyof Database, O>(
  base: SelectQueryBuilder<Database, TB, O>,
  spec: ListSpec,
  siteId: string,
  query: ListQuery,
  raw: Record<string, unknown>,
  totals?: ListTotals,
): Promise<Page<O>> {
  const t = spec.table;
  // A shared master's list is the business's (db/site-scope.ts).
  let filtered = base.where(siteCondition(t, `${t}.site_id`, siteId));
  for (const [field, value] of Object.entries(pickFilters(spec, raw))) {
    filtered = filtered.where(sql.ref(`${t}.${field}`), '=', value);
  }
  const q = query.q?.trim();
  if (q && spec.search?.length) {
    const pattern = likePattern(q);
    filtered = filtered.where(({ or }) =>
      or(
        spec.search!.map(
          (column) => sql<boolean>`lower(${sql.ref(`${t}.${column}`)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  if (spec.dateColumn && query.from)
    filtered = filtered.where(sql.ref(`${t}.${spec.dateColumn}`), '>=', query.from);
  if (spec.dateColumn && query.to)
    filtered = filtered.where(sql.ref(`${t}.${spec.dateColumn}`), '<=', query.to);

  const skipTotal = query.skipTotal === '1' || query.skipTotal === 'true';
  let totalItems = -1;
  if (!skipTotal) {
    const counting = filtered.clearSelect().select(sql<number>`count(*)`.as('n'));
    const count = async () => {
      const row = await counting.executeTakeFirst();
      return Number((row as { n?: number } | undefined)?.n ?? 0);
    };
    if (totals) {
      // Kept until a write that can change what it counts (platform/list-totals.ts).
      totalItems = await totals.get(siteId, counting.compile(), count);
    } else {
      totalItems = await count();
    }
  }

  let ordered = filtered;
  // Text columns (the searchable ones) sort the way people read: "alpha" next to "Alpha",
  // the same on SQLite and on PostgreSQL whatever its collation.
  const textColumns = new Set(spec.search ?? []);
  for (const term of parseSort(spec, query.sort)) {
    const ref = sql.ref(`${t}.${term.column}`);
    ordered = ordered.orderBy(
      textColumns.has(term.column) ? sql`lower(${ref})` : ref,
      term.direction,
    );
  }
  const items = await ordered
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return pageOf(query, totalItems, items);
}
