import type { CompiledQuery, OperationNode } from 'kysely';
import type { CountReads, SiteChanges } from './site-changes.js';
import { createVersionedMemo } from './site-memo.js';

/**
 * Kept list totals (issue 42): `count(*)` over a site's whole table is the dearest part of a page
 * once a site has years of records (4.7 ms of SQL for 100 000 deliveries against 0.4 ms for the
 * page itself). A total is kept, keyed by its count's SQL and parameters, until a change it
 * reads: rows added to or removed from a table the count names, an update setting a column it
 * names, or a change that did not say what it changed (site-changes.ts `countVersion`). So a
 * payment, which adds payments and sets its deliveries' paid figures and status, leaves the
 * deliveries total alone but not a deliveries total filtered by payment status.
 */
export interface ListTotals {
  get(siteId: string, counting: CompiledQuery, count: () => Promise<number>): Promise<number>;
}

/** The most count shapes (SQL texts) whose reads are remembered; beyond it they are re-read. */
const MAX_SHAPES = 1000;

export function createListTotals(
  changes: SiteChanges,
  options: { enabled: boolean; maxEntries?: number },
): ListTotals {
  const memo = createVersionedMemo<number>(options);
  // A count's reads depend on its SQL text only (its parameters are values), so each shape is
  // walked once.
  const shapes = new Map<string, CountReads>();
  const readsOf = (counting: CompiledQuery): CountReads => {
    let reads = shapes.get(counting.sql);
    if (!reads) {
      reads = countReads(counting.query);
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(counting.sql, reads);
    }
    return reads;
  };
  return {
    get(siteId, counting, count) {
      const reads = readsOf(counting);
      const id = `${siteId}\n${counting.sql}\n${JSON.stringify(counting.parameters)}`;
      return memo.get(id, () => changes.countVersion(siteId, reads), count);
    },
  };
}

/**
 * Every table and column name a query names, over-counted on purpose: each identifier anywhere in
 * its tree (tables, aliases, columns, in joins and subqueries alike) and each word of its raw SQL
 * fragments count as both, so no name the count depends on is left out. Matching by column name
 * alone (not table) errs the same way: a recount too many, never a stale total.
 */
export function countReads(node: OperationNode): CountReads {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const child of value) walk(child);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const kind = (value as { kind?: unknown }).kind;
    if (kind === 'IdentifierNode') names.add((value as { name: string }).name);
    if (kind === 'RawNode') {
      for (const fragment of (value as { sqlFragments: readonly string[] }).sqlFragments) {
        for (const word of fragment.match(/[A-Za-z_]\w*/g) ?? []) names.add(word);
      }
    }
    for (const child of Object.values(value)) walk(child);
  };
  walk(node);
  const all = [...names];
  return { tables: all, columns: all };
}
