import {
  pickTagColor,
  type Tag,
  type TagCreate,
  type TagListQuery,
  type TagUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/db-errors.js';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import * as repo from './tags-repo.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import type { SiteScope } from '../../platform/scope.js';

export function toTag(row: repo.TagRow): Tag {
  return {
    id: row.id,
    site: row.site_id,
    name: row.name,
    color: row.color,
    type: row.type,
    usage_count: row.usage_count,
    created: row.created,
    updated: row.updated,
  };
}

const LIST: ListSpec = {
  table: 'tags',
  sortable: ['usage_count', 'name', 'created', 'type'],
  defaultSort: '-usage_count,name',
  filters: ['type'],
  search: ['name'],
};

export async function listTags(scope: SiteScope, query: TagListQuery): Promise<Page<Tag>> {
  const { ctx, siteId } = scope;
  const page = await paginate(
    repo.tagsQuery(ctx.db.kysely),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return { ...page, items: page.items.map(toTag) };
}

/** Creates a tag, or returns the existing one with the same trimmed name and type. */
export async function createTag(
  scope: SiteScope,
  input: TagCreate,
): Promise<{ tag: Tag; created: boolean }> {
  const { ctx, siteId, userId } = scope;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.findTagByName(trx, siteId, input.type, input.name);
    if (existing) return { tag: toTag(existing), created: false };
    const now = nowIso();
    const row: repo.TagRow = {
      id: newId(),
      site_id: siteId,
      name: input.name,
      color: input.color?.toLowerCase() ?? pickTagColor(await repo.usedColors(trx, siteId)),
      type: input.type,
      usage_count: 0,
      created_by: userId,
      created: now,
      updated: now,
    };
    await repo.insertTag(trx, row);
    await auditCreated(trx, 'tags', siteId, row.id);
    return { tag: toTag(row), created: true };
  });
}

export async function getTag(scope: SiteScope, id: string): Promise<Tag> {
  const { ctx, siteId } = scope;
  const row = await repo.findTag(ctx.db.kysely, siteId, id);
  if (!row) throw notFound('Tag');
  return toTag(row);
}

/**
 * Renames (trimmed by the schema) and recolours a tag. A name another tag of the same type has
 * → 409 ALREADY_EXISTS (checked first, and again by the unique index for a racing rename);
 * usage_count is recounted from the link tables in the same transaction.
 */
export async function updateTag(scope: SiteScope, id: string, input: TagUpdate): Promise<Tag> {
  const { ctx, siteId } = scope;
  const duplicate = () => new AppError('ALREADY_EXISTS', { variant: 'tag', name: input.name });
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const tag = await repo.findTag(trx, siteId, id);
      if (!tag) throw notFound('Tag');
      const changes: Partial<repo.TagRow> = { updated: nowIso() };
      if (input.name !== undefined && input.name !== tag.name) {
        const other = await repo.findTagByName(trx, siteId, tag.type, input.name);
        if (other && other.id !== id) throw duplicate();
        changes.name = input.name;
      }
      if (input.color !== undefined) changes.color = input.color.toLowerCase();
      const audit = await auditStart(trx, { entity: 'tags', siteId, id, action: 'update' });
      await repo.updateTag(trx, siteId, id, changes);
      await repo.recountUsage(trx, [id]);
      await audit.finish();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return getTag(scope, id);
}

/**
 * Deletes a tag: it comes off every item, service and vendor that carried it (their links are
 * removed in the same transaction; the records themselves stay).
 */
export async function deleteTag(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const tag = await repo.findTag(trx, siteId, id);
    if (!tag) throw notFound('Tag');
    const audit = await auditStart(trx, { entity: 'tags', siteId, id, action: 'delete' });
    await repo.removeTagFromAll(trx, id);
    await repo.deleteTag(trx, siteId, id);
    await audit.finish();
  });
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
