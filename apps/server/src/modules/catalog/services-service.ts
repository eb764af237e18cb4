import {
  rateFromStored,
  toPaise,
  type Service,
  type ServiceCreate,
  type ServiceListQuery,
  type ServiceStats,
  type ServiceUpdate,
  type Tag,
} from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { recordService } from '../../platform/record-service.js';
import * as repo from './services-repo.js';
import { apiFields, perUnitRupees } from '../../platform/record-shape.js';
import { linkTags, unlinkTags } from './tags-service.js';
import type { SiteScope } from '../../platform/scope.js';
import {
  catalogChanges,
  catalogColumns,
  catalogFigures,
  catalogRows,
  patchedRate,
} from './catalog-records.js';

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

const toServices: (
  ctx: AppContext,
  siteId: string,
  rows: repo.ServiceRow[],
  expand: Set<string>,
) => Promise<Service[]> = catalogRows('service', toService);

/** Services on the generic record service: counted by plans, tagged, rate history kept aside. */
export const services = recordService<
  repo.ServiceRow,
  Service,
  ServiceCreate,
  ServiceUpdate,
  ServiceListQuery
>('services', {
  noun: 'Service',
  find: repo.findService,
  // A service is its business's (issue 47): read under a site, it is that site's.
  shape: ({ ctx, siteId }, rows, expand) =>
    toServices(
      ctx,
      siteId,
      rows.map((row) => ({ ...row, site_id: siteId })),
      expand,
    ),
  list: {
    query: (db, query) => {
      const isActive =
        query.is_active === undefined
          ? undefined
          : query.is_active === 'true' || query.is_active === '1';
      return repo.servicesQuery(db, { tag: query.tag, isActive });
    },
    defaultSort: 'name',
  },
  create: {
    insert: async (trx, { siteId, userId }, input, id, now) => {
      await repo.insertService(trx, {
        id,
        site_id: siteId,
        ...catalogColumns(input),
        category: input.category,
        service_type: input.service_type || null,
        standard_rate: toPaise(input.standard_rate),
        is_active: input.is_active ? 1 : 0,
        sac_code: input.sac_code || null,
        created_by: userId,
        created: now,
        updated: now,
      });
    },
    after: linkTags('service'),
  },
  update: {
    changes: async (trx, scope, existing, input) => {
      const changes: Partial<repo.ServiceRow> = { updated: nowIso(), ...catalogChanges(input) };
      if (input.category !== undefined) changes.category = input.category;
      if (input.service_type !== undefined) changes.service_type = input.service_type || null;
      if (input.standard_rate !== undefined) changes.standard_rate = toPaise(input.standard_rate);
      if (input.is_active !== undefined) changes.is_active = input.is_active ? 1 : 0;
      if (input.sac_code !== undefined) changes.sac_code = input.sac_code || null;
      changes.gst_rate = await patchedRate(trx, scope, 'service', existing, input);
      return changes;
    },
    write: repo.updateService,
    after: linkTags('service'),
  },
  remove: {
    // Bookings are part of the books, and quotations would silently vanish with it (cascade).
    inUse: { entity: 'service', check: repo.serviceIsUsed },
    before: unlinkTags('service'),
    write: repo.deleteService,
  },
});

export const getService = services.get;
export const createService = services.create;
export const updateService = services.update;
export const deleteService = services.remove;
export const listServices = services.list;

export async function serviceStats(scope: SiteScope, id: string): Promise<ServiceStats> {
  const { history, range, extremes, trend } = await catalogFigures(scope, id, 'Service', {
    find: repo.findService,
    history: repo.bookingHistory,
    range: repo.rateRange,
    trend: repo.rateTrend,
  });
  return {
    bookings: history.map((booking) => ({
      ...booking,
      ...apiFields('service_bookings', booking, ['duration', 'unit_rate', 'total_amount']),
    })),
    rate: { ...extremes, average: perUnitRupees(range.value, range.milli) },
    trend: trend.map((point) => ({ date: point.date, unit_rate: point.perUnit })),
  };
}
