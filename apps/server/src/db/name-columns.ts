import { sql, type AliasedRawBuilder } from 'kysely';

/*
 * Columns a list shows from another table, as correlated subqueries: the list keeps its one table
 * (platform/list.ts filters and counts on it). The SQL is what Kysely writes for
 * `eb.selectFrom(t).select(t.field).whereRef(t.id, '=', column).as(alias)`.
 */

/** `(select <table>.<field> from <table> where <table>.id = <column>) as <alias>`. */
export function lookupColumn<A extends string, T = string | null>(
  table: string,
  field: string,
  column: string,
  alias: A,
): AliasedRawBuilder<T, A> {
  return sql<T>`(select ${sql.ref(`${table}.${field}`)} from ${sql.table(table)} where ${sql.ref(
    `${table}.id`,
  )} = ${sql.ref(column)})`.as(alias);
}

/** The name of the user `column` names (who recorded or decided a row). */
export const userNameColumn = <A extends string>(column: string, alias: A) =>
  lookupColumn('users', 'name', column, alias);

/** The name and unit of the item `<table>.item` names, as item_name and unit. */
export const itemNameAndUnit = (table: string) =>
  [
    lookupColumn('items', 'name', `${table}.item`, 'item_name'),
    lookupColumn('items', 'unit', `${table}.item`, 'unit'),
  ] as const;
