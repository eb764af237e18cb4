import {
  rateFromStored,
  rateToStored,
  toPaise,
  type Service,
  type ServiceCreate,
  type ServiceListQuery,
  type ServiceStats,
  type ServiceUpdate,
  type Tag,
} from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { checkQuota, releaseQuota } from '../../platform/plan-limits.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { expandSet } from '../../platform/route-params.js';
import * as repo from './services-repo.js';
import { apiFields, perUnitRupees, rupees } from '../../platform/record-shape.js';
import { clearRecordTags, setRecordTags, withTags } from './tags-service.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import type { SiteScope } from '../../platform/scope.js';
import { businessToday } from '../../platform/business-time.js';
import { changeDefaultRate, withRateFields } from './gst-rate-periods.js';

function toService(row: repo.ServiceRow, tags: string[], expandTags?: Tag[]): Service {
  return {
    id: row.id,
    site: row.site_id,
    name: row.name,
    description: row.description,
    category: row.category,
    service_type: row.service_type,
    unit: row.unit,
    ...apiFields('services', row, ['standard_rate']),
    sac_code: row.sac_code,
    gst_rate: row.gst_rate === null ? null : rateFromStored(row.gst_rate),
    gst_rate_history: [],
    is_active: row.is_active === 1,
    tags,
    created: row.created,
    updated: row.updated,
    ...(expandTags ? { expand: { tags: expandTags } } : {}),
  };
}

async function toServices(
  ctx: AppContext,
  siteId: string,
  rows: repo.ServiceRow[],
  expand: Set<string>,
): Promise<Service[]> {
  return withRateFields(
    ctx.db.kysely,
    siteId,
    'service',
    rows,
    withTags(ctx, 'service', siteId, rows, expand, toService),
    businessToday(ctx.config.timezone),
  );
}

export async function getService(
  scope: SiteScope,
  id: string,
  expand = new Set<string>(),
): Promise<Service> {
  const { ctx, siteId } = scope;
  const row = await repo.findService(ctx.db.kysely, siteId, id);
  if (!row) throw notFound('Service');
  const [service] = await toServices(ctx, siteId, [row], expand);
  return service!;
}

export async function createService(scope: SiteScope, input: ServiceCreate): Promise<Service> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const slot = await checkQuota(trx, ctx, siteId, 'services', 1, scope.subscription);
    await repo.insertService(trx, {
      id,
      site_id: siteId,
      name: input.name,
      description: input.description || null,
      category: input.category,
      service_type: input.service_type || null,
      unit: input.unit,
      standard_rate: toPaise(input.standard_rate),
      is_active: input.is_active ? 1 : 0,
      sac_code: input.sac_code || null,
      gst_rate: input.gst_rate == null ? null : rateToStored(input.gst_rate),
      created_by: userId,
      created: now,
      updated: now,
    });
    await auditCreated(trx, 'services', siteId, id);
    if (input.tags) await setRecordTags(trx, 'service', siteId, id, input.tags, userId);
    await slot.take();
  });
  return getService(scope, id);
}

export async function updateService(
  scope: SiteScope,
  id: string,
  input: ServiceUpdate,
): Promise<Service> {
  const { ctx, siteId, userId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.findService(trx, siteId, id);
    if (!existing) throw notFound('Service');
    const changes: Partial<repo.ServiceRow> = { updated: nowIso() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description || null;
    if (input.category !== undefined) changes.category = input.category;
    if (input.service_type !== undefined) changes.service_type = input.service_type || null;
    if (input.unit !== undefined) changes.unit = input.unit;
    if (input.standard_rate !== undefined) changes.standard_rate = toPaise(input.standard_rate);
    if (input.is_active !== undefined) changes.is_active = input.is_active ? 1 : 0;
    if (input.sac_code !== undefined) changes.sac_code = input.sac_code || null;
    changes.gst_rate = await changeDefaultRate(
      trx,
      { siteId, userId, subject: 'service', id, column: existing.gst_rate },
      { rate: input.gst_rate, from: input.gst_rate_effective_from },
      businessToday(ctx.config.timezone),
    );
    const audit = await auditStart(trx, { entity: 'services', siteId, id, action: 'update' });
    await repo.updateService(trx, siteId, id, changes);
    await audit.finish();
    if (input.tags) await setRecordTags(trx, 'service', siteId, id, input.tags, userId);
  });
  return getService(scope, id);
}

export async function deleteService(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.findService(trx, siteId, id);
    if (!existing) throw notFound('Service');
    // Bookings are part of the books, and quotations would silently vanish with it (cascade).
    if (await repo.serviceIsUsed(trx, siteId, id))
      throw new AppError('RECORD_IN_USE', { entity: 'service' });
    await clearRecordTags(trx, 'service', id);
    const audit = await auditStart(trx, { entity: 'services', siteId, id, action: 'delete' });
    await repo.deleteService(trx, siteId, id);
    await audit.finish();
    await releaseQuota(trx, siteId, 'services', existing.created);
  });
}

const LIST: ListSpec = {
  table: 'services',
  sortable: ['name', 'category', 'unit', 'standard_rate', 'is_active', 'created', 'updated'],
  defaultSort: 'name',
  filters: ['category', 'unit'],
  search: ['name', 'description', 'service_type'],
};

export async function listServices(
  scope: SiteScope,
  query: ServiceListQuery,
): Promise<Page<Service>> {
  const { ctx, siteId } = scope;
  const isActive =
    query.is_active === undefined
      ? undefined
      : query.is_active === 'true' || query.is_active === '1';
  const page = await paginate(
    repo.servicesQuery(ctx.db.kysely, { tag: query.tag, isActive }),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return { ...page, items: await toServices(ctx, siteId, page.items, expandSet(query.expand)) };
}

const HISTORY_LIMIT = 500;

export async function serviceStats(scope: SiteScope, id: string): Promise<ServiceStats> {
  const { ctx, siteId } = scope;
  const service = await repo.findService(ctx.db.kysely, siteId, id);
  if (!service) throw notFound('Service');
  const [history, range, trend] = await Promise.all([
    repo.bookingHistory(ctx.db.kysely, siteId, id, HISTORY_LIMIT),
    repo.rateRange(ctx.db.kysely, siteId, id),
    repo.rateTrend(ctx.db.kysely, siteId, id),
  ]);
  return {
    bookings: history.map((booking) => ({
      ...booking,
      ...apiFields('service_bookings', booking, ['duration', 'unit_rate', 'total_amount']),
    })),
    rate: {
      ...rupees({ lowest: range.lowest ?? 0, highest: range.highest ?? 0 }),
      average: perUnitRupees(range.value, range.milli),
    },
    trend: trend.map((point) => ({
      date: point.date,
      unit_rate: perUnitRupees(point.value, point.milli),
    })),
  };
}
