/*
 * Shaping a page of records with what it refers to: one query per kind of reference for the whole
 * page, then looked up by id or grouped by parent while each row is shaped.
 */

/** When `wanted`, what `load` finds for `ids`, by id; undefined when the reply does not ask for it. */
export async function refsById<R extends { id: string }>(
  wanted: boolean,
  ids: readonly string[],
  load: (ids: readonly string[]) => Promise<R[]>,
): Promise<Map<string, R> | undefined> {
  if (!wanted) return undefined;
  return new Map((await load(ids)).map((r) => [r.id, r]));
}

/** Rows by the parent `key` names, each parent's in their order. */
export function groupBy<R, K>(rows: readonly R[], key: (row: R) => K): Map<K, R[]> {
  const out = new Map<K, R[]>();
  for (const row of rows) {
    const list = out.get(key(row)) ?? [];
    list.push(row);
    out.set(key(row), list);
  }
  return out;
}
