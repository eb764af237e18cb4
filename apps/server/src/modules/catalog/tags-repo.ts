import { sql } from 'kysely';
import type { TagsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { siteRows } from '../../platform/record-service.js';
import { siteCondition } from '../../db/site-scope.js';

export type TagRow = TagsTable;
export type TaggedKind = 'item' | 'service' | 'vendor';

const LINK_TABLE = { item: 'item_tags', service: 'service_tags', vendor: 'vendor_tags' } as const;

/**
 * A list's tag filter: the record (`items`, `services`, `vendors`) carries the tag. One
 * condition for the three tagged lists.
 */
export function carriesTag(kind: TaggedKind, tag: string) {
  const link = LINK_TABLE[kind];
  return sql<boolean>`exists (select 1 from ${sql.table(link)} l
    where l.${sql.ref(kind)} = ${sql.ref(`${kind}s.id`)} and l.tag = ${tag})`;
}

export function tagsQuery(db: Executor) {
  return db.selectFrom('tags').selectAll('tags');
}

export const {
  find: findTag,
  insert: insertTag,
  update: updateTag,
  remove: deleteTag,
} = siteRows('tags');

export function findTagByName(db: Executor, siteId: string, type: string, name: string) {
  return db
    .selectFrom('tags')
    .selectAll()
    .where(siteCondition('tags', 'tags.site_id', siteId))
    .where('type', '=', type as TagsTable['type'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function usedColors(db: Executor, siteId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tags')
    .select('color')
    .where(siteCondition('tags', 'tags.site_id', siteId))
    .execute();
  return rows.map((r) => r.color);
}

/** Tag ids among `ids` that the site may use (its business's: tags are shared, issue 47). */
export async function existingTagIds(
  db: Executor,
  siteId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where(siteCondition('tags', 'tags.site_id', siteId))
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function linkedTagIds(
  db: Executor,
  kind: TaggedKind,
  recordId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom(LINK_TABLE[kind])
    .select('tag')
    .where(sql.ref(kind), '=', recordId)
    .orderBy('created')
    .orderBy('tag')
    .execute();
  return rows.map((r) => r.tag);
}

/** Tag ids of many records at once: recordId → tag ids. */
export async function linkedTagIdsMany(
  db: Executor,
  kind: TaggedKind,
  recordIds: readonly string[],
) {
  const result = new Map<string, string[]>();
  if (recordIds.length === 0) return result;
  const rows = await db
    .selectFrom(LINK_TABLE[kind])
    .select([sql<string>`${sql.ref(kind)}`.as('record'), 'tag'])
    .where(sql.ref(kind), 'in', recordIds)
    .orderBy('created')
    .orderBy('tag')
    .execute();
  for (const row of rows) {
    const list = result.get(row.record) ?? [];
    list.push(row.tag);
    result.set(row.record, list);
  }
  return result;
}

export async function addLinks(
  db: Executor,
  kind: TaggedKind,
  siteId: string,
  recordId: string,
  tagIds: readonly string[],
  userId: string,
  now: string,
) {
  if (tagIds.length === 0) return;
  const base = tagIds.map((tag) => ({ site_id: siteId, tag, created_by: userId, created: now }));
  if (kind === 'item') {
    await db
      .insertInto('item_tags')
      .values(base.map((row) => ({ ...row, item: recordId })))
      .execute();
  } else if (kind === 'service') {
    await db
      .insertInto('service_tags')
      .values(base.map((row) => ({ ...row, service: recordId })))
      .execute();
  } else {
    await db
      .insertInto('vendor_tags')
      .values(base.map((row) => ({ ...row, vendor: recordId })))
      .execute();
  }
}

export async function removeLinks(
  db: Executor,
  kind: TaggedKind,
  recordId: string,
  tagIds: readonly string[],
) {
  if (tagIds.length === 0) return;
  await db
    .deleteFrom(LINK_TABLE[kind])
    .where(sql.ref(kind), '=', recordId)
    .where('tag', 'in', tagIds)
    .execute();
}

/** Takes a tag off every item, service and vendor that carries it. */
export async function removeTagFromAll(db: Executor, tagId: string): Promise<void> {
  for (const table of Object.values(LINK_TABLE)) {
    await db.deleteFrom(table).where('tag', '=', tagId).execute();
  }
}

/** usage_count = number of records linked to the tag, recounted from the link tables. */
export async function recountUsage(db: Executor, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .updateTable('tags')
    .set({
      usage_count: sql<number>`(select count(*) from item_tags where item_tags.tag = tags.id)
        + (select count(*) from service_tags where service_tags.tag = tags.id)
        + (select count(*) from vendor_tags where vendor_tags.tag = tags.id)`,
    })
    .where('id', 'in', tagIds)
    .execute();
}

export function tagsByIds(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as TagRow[]);
  return db
    .selectFrom('tags')
    .selectAll()
    .where(siteCondition('tags', 'tags.site_id', siteId))
    .where('id', 'in', ids)
    .execute();
}
