/**
 * The shapes the list skeleton works with. A list's strings and test ids follow one convention,
 * built from three names (see `ListNames`), so a page states its columns, filters and form only.
 */

/** What the skeleton reads of a list query (TanStack Query's result for a `ListResult`). */
export interface ListQueryResult<T> {
  data?: { items: T[]; totalItems: number; totalPages: number } | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The names a list's strings and test ids come from, e.g. `{ ns: 'items', one: 'item', many: 'items' }`:
 * - strings `pages.{ns}.title|description`, `{ns}.add`, `{ns}.searchPlaceholder`,
 *   `{ns}.empty.title|description|filteredTitle|filteredDescription`, `{ns}.editNamed|deleteNamed`,
 *   `{ns}.delete.title|description`, `{ns}.toast.deleted`;
 * - test ids `page-{page}` (and data-tour `{page}-page`), `{one}-add`, `{many}-toolbar`,
 *   `{many}-table`, `{one}-row-{id}`, `{one}-edit-{id}`, `{one}-delete-{id}`, `{one}-delete-dialog`.
 */
export interface ListNames {
  ns: string;
  one: string;
  many: string;
  /** The page's test id stem when it is not `many` (e.g. 'service-bookings'). */
  page?: string;
}

/** A delete mutation as `useMutation` gives it: `mutate(id, { onSuccess })`. */
export interface DeleteMutation {
  mutate: (id: string, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}
