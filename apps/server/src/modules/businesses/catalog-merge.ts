import {
  catalogGroups,
  type CatalogDuplicates,
  type CatalogKind,
  type CatalogMerge,
  type CatalogMergeResult,
} from '@siteledger/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import { forUpdate } from '../../db/locking.js';
import type { Database, ItemsTable, ServicesTable } from '../../db/schema.js';
import { recordAuditEntry } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { releaseQuota } from '../../platform/plan-limits.js';
import { recountUsage } from '../catalog/tags-repo.js';
import {
  announceMerge,
  businessSites,
  countReferences,
  ownedBusiness,
  referencesTo,
  repointReferences,
  runMerge,
} from './merge-parts.js';

/*
 * Items (or services) that are one become one (issue 47: "Cement" made on two sites before they
 * joined one business): every delivery line, stock movement, count, transfer, budget line,
 * request, order line, quotation or booking naming a merged one names the kept one; it takes
 * their tags and the details it lacks; their own GST rate history goes (the kept one's stands).
 * Nothing is re-valued: each site's stock of the kept item is the sum of the movements that were
 * each one's there.
 */

type Row = (ItemsTable | ServicesTable) & { id: string; site_id: string };

interface KindParts {
  table: 'items' | 'services';
  link: 'item_tags' | 'service_tags';
  column: 'item' | 'service';
  /** Details the kept record takes where it has none. */
  filled: readonly string[];
  collections: readonly string[];
}

const KINDS: Record<CatalogKind, KindParts> = {
  items: {
    table: 'items',
    link: 'item_tags',
    column: 'item',
    filled: ['description', 'hsn_code', 'gst_rate', 'min_stock_level'],
    collections: ['items', 'deliveries', 'stock_movements', 'budget_lines', 'tags'],
  },
  services: {
    table: 'services',
    link: 'service_tags',
    column: 'service',
    filled: ['description', 'service_type', 'sac_code', 'gst_rate'],
    collections: ['services', 'service_bookings', 'quotations', 'tags'],
  },
};

/** The records naming one: all but its tag links and its own rate periods (handled apart). */
const columnsOf = (parts: KindParts) => referencesTo(parts.table, [parts.link, 'gst_rate_periods']);

const loose = (trx: Transaction<Database>) => trx as unknown as Transaction<Record<string, Row>>;

/** GET /api/businesses/{id}/catalog_duplicates: items, then services, that look like one. */
export async function catalogDuplicates(
  ctx: AppContext,
  userId: string,
  businessId: string,
): Promise<CatalogDuplicates> {
  const db = ctx.db.kysely;
  await ownedBusiness(db, userId, businessId);
  const sites = await businessSites(db, businessId);
  if (sites.size === 0) return { groups: [] };
  const groups: CatalogDuplicates['groups'] = [];
  for (const kind of ['items', 'services'] as const) {
    const rows = await db
      .selectFrom(kind)
      .select(['id', 'site_id', 'name', 'unit'])
      .where('site_id', 'in', [...sites.keys()])
      .orderBy('created')
      .orderBy('id')
      .execute();
    for (const group of catalogGroups(rows)) {
      groups.push({
        kind,
        name: group[0]!.name,
        unit: group[0]!.unit,
        records: group.map((r) => ({
          id: r.id,
          site: r.site_id,
          site_name: sites.get(r.site_id) ?? '',
          name: r.name,
        })),
      });
    }
  }
  return { groups };
}

async function mergeRows(
  trx: Transaction<Database>,
  parts: KindParts,
  keep: Row,
  gone: readonly Row[],
): Promise<void> {
  const ids = gone.map((r) => r.id);
  const idList = sql.join(ids);
  await repointReferences(trx, columnsOf(parts), ids, keep.id);
  // Tags: the kept one carries every tag any of them carried.
  const link = sql.table(parts.link);
  const column = sql.ref(parts.column);
  await sql`insert into ${link} (site_id, ${column}, tag, created_by, created)
    select min(t.site_id), ${keep.id}, t.tag, min(t.created_by), min(t.created) from ${link} t
     where ${sql.ref(`t.${parts.column}`)} in (${idList})
       and not exists (select 1 from ${link} k
         where ${sql.ref(`k.${parts.column}`)} = ${keep.id} and k.tag = t.tag)
     group by t.tag`.execute(trx);
  const tags = await sql<{ tag: string }>`select distinct tag from ${link}
    where ${column} in (${idList})`.execute(trx);
  await sql`delete from ${link} where ${column} in (${idList})`.execute(trx);
  await sql`delete from gst_rate_periods where ${column} in (${idList})`.execute(trx);

  const filled: Record<string, unknown> = {};
  const kept = keep as unknown as Record<string, unknown>;
  for (const field of parts.filled) {
    if (kept[field] !== null) continue;
    const from = gone.find((r) => (r as unknown as Record<string, unknown>)[field] !== null);
    if (from) filled[field] = (from as unknown as Record<string, unknown>)[field];
  }
  await loose(trx)
    .updateTable(parts.table)
    .set({ ...filled, updated: nowIso() })
    .where('id', '=', keep.id)
    .execute();
  for (const row of gone) {
    await recordAuditEntry(
      trx,
      { entity: parts.table, siteId: row.site_id, id: row.id, action: 'delete' },
      {
        name: { old: row.name, new: null },
        merged_into: { old: null, new: { id: keep.id, name: keep.name } },
      },
    );
  }
  const changes: Record<string, { old: unknown; new: unknown }> = {
    merged: { old: null, new: gone.map((r) => ({ id: r.id, name: r.name, site: r.site_id })) },
  };
  for (const [field, value] of Object.entries(filled)) {
    changes[field] = { old: null, new: value };
  }
  await recordAuditEntry(
    trx,
    { entity: parts.table, siteId: keep.site_id, id: keep.id, action: 'update' },
    changes,
  );
  await loose(trx).deleteFrom(parts.table).where('id', 'in', ids).execute();
  for (const row of gone) await releaseQuota(trx, row.site_id, parts.table, row.created);
  await recountUsage(
    trx,
    tags.rows.map((t) => t.tag),
  );
}

/**
 * POST /api/businesses/{id}/catalog_merges: `records` (items or services) become `keep`, all of
 * the business's sites (owner only); with `preview` nothing changes.
 */
export async function mergeCatalog(
  ctx: AppContext,
  userId: string,
  businessId: string,
  input: CatalogMerge,
): Promise<CatalogMergeResult> {
  const parts = KINDS[input.kind];
  const noun = input.kind === 'items' ? 'Item' : 'Service';
  const { answer, sites } = await runMerge(
    ctx,
    userId,
    businessId,
    { keep: input.keep, ids: input.records, preview: input.preview },
    {
      field: 'records',
      noun,
      pickMessage: `Choose another ${noun.toLowerCase()} to merge into this one`,
      unknownMessage: `Unknown ${noun.toLowerCase()}`,
      rows: async (db, trx, ids) => {
        const query = ((trx ?? db) as unknown as Kysely<Record<string, Row>>)
          .selectFrom(parts.table)
          .selectAll()
          .where('id', 'in', ids)
          .orderBy('id');
        return (trx ? await forUpdate(trx, query).execute() : await query.execute()) as Row[];
      },
      check: (keep, gone) => {
        // A bag and a tonne are not one stock.
        if (gone.some((r) => r.unit !== keep.unit)) {
          throw new AppError('VALIDATION_FAILED', {
            records: { code: 'unit_mismatch', message: 'Records in different units cannot merge' },
          });
        }
      },
      answer: async (keep, gone, others) => ({
        preview: input.preview === true,
        kind: input.kind,
        keep: { id: keep.id, name: keep.name, unit: keep.unit },
        merged: gone.map((r) => ({ id: r.id, site: r.site_id, name: r.name })),
        moved: await countReferences(ctx.db.kysely, columnsOf(parts), others),
      }),
      write: (trx, keep, gone) => mergeRows(trx, parts, keep, gone),
    },
  );
  if (!input.preview) announceMerge(ctx, sites, userId, parts.table, parts.collections);
  return answer;
}
