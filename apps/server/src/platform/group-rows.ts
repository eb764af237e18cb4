/** Rows by the parent `key` names, each parent's in their order (a page's lines by record). */
export function groupBy<R, K>(rows: readonly R[], key: (row: R) => K): Map<K, R[]> {
  const out = new Map<K, R[]>();
  for (const row of rows) {
    const list = out.get(key(row)) ?? [];
    list.push(row);
    out.set(key(row), list);
  }
  return out;
}
