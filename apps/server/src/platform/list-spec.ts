import { recordTypeOf } from '@siteledger/domain';
import type { ListSpec } from './list.js';

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
