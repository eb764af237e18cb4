import {
  pickTagColor,
  type Tag,
  type TagCreate,
  type TagListQuery,
  type TagUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/db-errors.js';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordService, storedRecord } from '../../platform/record-service.js';
import * as repo from './tags-repo.js';
import type { SiteScope } from '../../platform/scope.js';

export const toTag = storedRecord<Tag>('tags');

const duplicateTag = (name: string | undefined) =>
  new AppError('ALREADY_EXISTS', { variant: 'tag', name });

/** Tags on the generic record service; a create finds the tag it would duplicate. */
export const tags = recordService<repo.TagRow, Tag, TagCreate, TagUpdate, TagListQuery>('tags', {
  noun: 'Tag',
  find: repo.findTag,
  shape: async (_scope, rows) => rows.map(toTag),
  list: { query: (db) => repo.tagsQuery(db) },
  create: {
    // The same trimmed name and type: that tag is the answer (200), nothing is made.
    existing: async (trx, { siteId }, input) =>
      (await repo.findTagByName(trx, siteId, input.type, input.name))?.id,
    insert: async (trx, { siteId, userId }, input, id, now) => {
      await repo.insertTag(trx, {
        id,
        site_id: siteId,
        name: input.name,
        color: input.color?.toLowerCase() ?? pickTagColor(await repo.usedColors(trx, siteId)),
        type: input.type,
        usage_count: 0,
        created_by: userId,
        created: now,
        updated: now,
      });
    },
  },
  update: {
    // A name another tag of the same type has → 409 ALREADY_EXISTS (see updateTag).
    changes: async (trx, { siteId }, tag, input) => {
      const changes: Partial<repo.TagRow> = { updated: nowIso() };
      if (input.name !== undefined && input.name !== tag.name) {
        const other = await repo.findTagByName(trx, siteId, tag.type, input.name);
        if (other && other.id !== tag.id) throw duplicateTag(input.name);
        changes.name = input.name;
      }
      if (input.color !== undefined) changes.color = input.color.toLowerCase();
      return changes;
    },
    // usage_count is recounted from the link tables, inside the audited change.
    write: async (trx, siteId, id, changes) => {
      await repo.updateTag(trx, siteId, id, changes);
      await repo.recountUsage(trx, [id]);
    },
  },
  remove: {
    // It comes off every item, service and vendor that carried it (the records stay).
    write: async (trx, siteId, id) => {
      await repo.removeTagFromAll(trx, id);
      await repo.deleteTag(trx, siteId, id);
    },
  },
});

export const listTags = tags.list;
export const getTag = tags.get;
export const deleteTag = tags.remove;

/** Creates a tag, or returns the existing one with the same trimmed name and type. */
export async function createTag(
  scope: SiteScope,
  input: TagCreate,
): Promise<{ tag: Tag; created: boolean }> {
  const { record, created } = await tags.createOrFind(scope, input);
  return { tag: record, created };
}

/**
 * Renames (trimmed by the schema) and recolours a tag. A name another tag of the same type has
 * → 409 ALREADY_EXISTS (checked first, and again by the unique index for a racing rename).
 */
export async function updateTag(scope: SiteScope, id: string, input: TagUpdate): Promise<Tag> {
  try {
    return await tags.update(scope, id, input);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTag(input.name);
    throw error;
  }
}

/**
 * Makes a record's tags exactly `tagIds` inside the caller's transaction, keeping usage_count
 * true for every tag added or removed. Tags of another site are refused.
 */
export async function setRecordTags(
  trx: Transaction<Database>,
  kind: repo.TaggedKind,
  siteId: string,
  recordId: string,
  tagIds: readonly string[],
  userId: string,
): Promise<string[]> {
  const wanted = [...new Set(tagIds)];
  const valid = await repo.existingTagIds(trx, siteId, wanted);
  const unknown = wanted.filter((id) => !valid.has(id));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      tags: { code: 'invalid_reference', message: `Unknown tag: ${unknown.join(', ')}` },
    });
  }
  const current = await repo.linkedTagIds(trx, kind, recordId);
  const toAdd = wanted.filter((id) => !current.includes(id));
  const toRemove = current.filter((id) => !wanted.includes(id));
  await repo.removeLinks(trx, kind, recordId, toRemove);
  await repo.addLinks(trx, kind, siteId, recordId, toAdd, userId, nowIso());
  await repo.recountUsage(trx, [...toAdd, ...toRemove]);
  return wanted;
}

/** Before a tagged record is deleted: its links go and the tags' counts drop. */
export async function clearRecordTags(
  trx: Transaction<Database>,
  kind: repo.TaggedKind,
  recordId: string,
): Promise<void> {
  const current = await repo.linkedTagIds(trx, kind, recordId);
  await repo.removeLinks(trx, kind, recordId, current);
  await repo.recountUsage(trx, current);
}

/**
 * The record service hooks of a tagged record (items, services, vendors): after its create or
 * update its tags become the body's `tags` (when it names them); before its delete its links go.
 */
export function linkTags(kind: repo.TaggedKind) {
  return async (
    trx: Transaction<Database>,
    scope: SiteScope,
    id: string,
    input: { tags?: string[] | undefined },
  ): Promise<void> => {
    if (input.tags) await setRecordTags(trx, kind, scope.siteId, id, input.tags, scope.userId);
  };
}

export function unlinkTags(kind: repo.TaggedKind) {
  return (trx: Transaction<Database>, _scope: SiteScope, row: { id: string }) =>
    clearRecordTags(trx, kind, row.id);
}

/**
 * Shapes a page of tagged records: each row gets its tag ids and, with `expand=tags`, the tag
 * records — two queries for the whole page, whatever its size.
 */
export async function withTags<Row extends { id: string }, Out>(
  ctx: AppContext,
  kind: repo.TaggedKind,
  siteId: string,
  rows: readonly Row[],
  expand: Set<string>,
  build: (row: Row, tagIds: string[], expanded: Tag[] | undefined) => Out,
): Promise<Out[]> {
  const tagIds = await repo.linkedTagIdsMany(
    ctx.db.kysely,
    kind,
    rows.map((r) => r.id),
  );
  let tagMap: Map<string, Tag> | null = null;
  if (expand.has('tags')) {
    const all = [...new Set([...tagIds.values()].flat())];
    tagMap = new Map(
      (await repo.tagsByIds(ctx.db.kysely, siteId, all)).map((t) => [t.id, toTag(t)]),
    );
  }
  return rows.map((row) => {
    const ids = tagIds.get(row.id) ?? [];
    const expanded = tagMap
      ? ids.map((id) => tagMap.get(id)).filter((t): t is Tag => !!t)
      : undefined;
    return build(row, ids, expanded);
  });
}
