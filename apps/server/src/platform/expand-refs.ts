/*
 * `?expand=` of a page of records (API.md "Expand"): each relation's summaries are read once for
 * the whole page and looked up by id, and a record carries `expand` only for what was found.
 */

/** Rows by id. */
export function byId<T extends { id: string }>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

/** The summaries `read` gives, by id, when `wanted` (the relation is in `expand`); else none. */
export async function refsIf<T extends { id: string }>(
  wanted: boolean,
  read: () => Promise<readonly T[]>,
): Promise<Map<string, T> | undefined> {
  return wanted ? byId(await read()) : undefined;
}

/** Only the keys that found a record; no `expand` at all when none did. */
export function expandOf<T extends Record<string, unknown>>(entries: T): { expand?: T } {
  const present = Object.fromEntries(
    Object.entries(entries).filter(([, value]) => value !== undefined),
  ) as T;
  return Object.keys(present).length > 0 ? { expand: present } : {};
}
