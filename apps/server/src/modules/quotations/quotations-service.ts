import {
  quotationTargetIssues,
  toMilli,
  toPaise,
  type Quotation,
  type QuotationCreate,
  type QuotationListQuery,
  type QuotationStatus,
  type QuotationUpdate,
  type RefItem,
  type RefService,
  type RefVendor,
} from '@siteledger/domain';
import { apiFields } from '../../platform/record-shape.js';
import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { expandSet } from '../../platform/route-params.js';
import { businessToday } from '../../platform/business-time.js';
import * as repo from './quotations-repo.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import { checkVendorRef, vendorRefs } from '../../db/site-refs.js';
import type { SiteScope } from '../../platform/scope.js';

const today = (ctx: AppContext) => businessToday(ctx.config.timezone);

interface Expanded {
  vendors: Map<string, RefVendor>;
  items: Map<string, RefItem>;
  services: Map<string, RefService>;
}

function toQuotation(
  row: repo.QuotationWithStatus,
  expand: Set<string>,
  refs: Expanded,
): Quotation {
  const vendor = expand.has('vendor') ? refs.vendors.get(row.vendor) : undefined;
  const item = expand.has('item') && row.item ? refs.items.get(row.item) : undefined;
  const service = expand.has('service') && row.service ? refs.services.get(row.service) : undefined;
  return {
    id: row.id,
    site: row.site_id,
    vendor: row.vendor,
    quotation_type: row.quotation_type,
    item: row.item,
    service: row.service,
    ...apiFields('quotations', row, ['unit_price', 'minimum_quantity']),
    valid_until: row.valid_until,
    notes: row.notes,
    status: row.effective_status as QuotationStatus,
    created: row.created,
    updated: row.updated,
    ...(vendor || item || service
      ? {
          expand: {
            ...(vendor ? { vendor } : {}),
            ...(item ? { item } : {}),
            ...(service ? { service } : {}),
          },
        }
      : {}),
  };
}

/** Shapes a page of rows, fetching each kind of expanded record in one query. */
async function toQuotations(
  ctx: AppContext,
  siteId: string,
  rows: repo.QuotationWithStatus[],
  expand: Set<string>,
): Promise<Quotation[]> {
  const db = ctx.db.kysely;
  const ids = (pick: (r: repo.QuotationWithStatus) => string | null) => [
    ...new Set(rows.map(pick).filter((v): v is string => !!v)),
  ];
  const [vendors, items, services] = await Promise.all([
    expand.has('vendor')
      ? vendorRefs(
          db,
          siteId,
          ids((r) => r.vendor),
        )
      : [],
    expand.has('item')
      ? repo.itemsByIds(
          db,
          siteId,
          ids((r) => r.item),
        )
      : [],
    expand.has('service')
      ? repo.servicesByIds(
          db,
          siteId,
          ids((r) => r.service),
        )
      : [],
  ]);
  const refs: Expanded = {
    vendors: new Map(vendors.map((v) => [v.id, v])),
    items: new Map(items.map((i) => [i.id, i])),
    services: new Map(
      services.map((s) => [s.id, { ...s, ...apiFields('services', s, ['standard_rate']) }]),
    ),
  };
  return rows.map((row) => toQuotation(row, expand, refs));
}

export async function getQuotation(
  scope: SiteScope,
  id: string,
  expand = new Set<string>(),
): Promise<Quotation> {
  const { ctx, siteId } = scope;
  const row = await repo.findQuotation(ctx.db.kysely, siteId, id, today(ctx));
  if (!row) throw notFound('Quotation');
  const [quotation] = await toQuotations(ctx, siteId, [row], expand);
  return quotation!;
}

function invalid(field: string, message: string, code = 'invalid_reference'): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: { code, message } });
}

/** Every record the quotation names must be on the site: else 400 on that field. */
async function checkReferences(
  trx: Transaction<Database>,
  siteId: string,
  refs: { vendor?: string; item?: string | null; service?: string | null },
): Promise<void> {
  if (refs.vendor) await checkVendorRef(trx, siteId, refs.vendor);
  if (refs.item && !(await repo.existsOnSite(trx, 'items', siteId, refs.item)))
    throw invalid('item', 'Unknown item');
  if (refs.service && !(await repo.existsOnSite(trx, 'services', siteId, refs.service)))
    throw invalid('service', 'Unknown service');
}

export async function createQuotation(
  scope: SiteScope,
  input: QuotationCreate,
): Promise<Quotation> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await checkReferences(trx, siteId, input);
    await repo.insertQuotation(trx, {
      id,
      site_id: siteId,
      vendor: input.vendor,
      quotation_type: input.quotation_type,
      item: input.quotation_type === 'item' ? (input.item ?? null) : null,
      service: input.quotation_type === 'service' ? (input.service ?? null) : null,
      unit_price: toPaise(input.unit_price),
      minimum_quantity: input.minimum_quantity == null ? null : toMilli(input.minimum_quantity),
      valid_until: input.valid_until ?? null,
      notes: input.notes || null,
      status: input.status,
      created_by: userId,
      created: now,
      updated: now,
    });
    await auditCreated(trx, 'quotations', siteId, id);
  });
  return getQuotation(scope, id);
}

export async function updateQuotation(
  scope: SiteScope,
  id: string,
  input: QuotationUpdate,
): Promise<Quotation> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.findQuotation(trx, siteId, id, today(ctx));
    if (!existing) throw notFound('Quotation');
    // A new type drops the old target unless the body names one (which the check then refuses).
    const type = input.quotation_type ?? existing.quotation_type;
    const typeChanged = type !== existing.quotation_type;
    const target = {
      quotation_type: type,
      item: input.item !== undefined ? input.item : typeChanged ? null : existing.item,
      service: input.service !== undefined ? input.service : typeChanged ? null : existing.service,
    };
    const [issue] = quotationTargetIssues(target);
    if (issue) throw invalid(issue.path, issue.message, 'custom');
    await checkReferences(trx, siteId, {
      ...(input.vendor !== undefined ? { vendor: input.vendor } : {}),
      item: input.item,
      service: input.service,
    });
    const changes: Partial<repo.QuotationRow> = {
      updated: nowIso(),
      quotation_type: type,
      item: target.item ?? null,
      service: target.service ?? null,
    };
    if (input.vendor !== undefined) changes.vendor = input.vendor;
    if (input.unit_price !== undefined) changes.unit_price = toPaise(input.unit_price);
    if (input.minimum_quantity !== undefined)
      changes.minimum_quantity =
        input.minimum_quantity === null ? null : toMilli(input.minimum_quantity);
    if (input.valid_until !== undefined) changes.valid_until = input.valid_until;
    if (input.notes !== undefined) changes.notes = input.notes || null;
    if (input.status !== undefined) changes.status = input.status;
    const audit = await auditStart(trx, { entity: 'quotations', siteId, id, action: 'update' });
    await repo.updateQuotation(trx, siteId, id, changes);
    await audit.finish();
  });
  return getQuotation(scope, id);
}

export async function deleteQuotation(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.findQuotation(trx, siteId, id, today(ctx));
    if (!existing) throw notFound('Quotation');
    const audit = await auditStart(trx, { entity: 'quotations', siteId, id, action: 'delete' });
    await repo.deleteQuotation(trx, siteId, id);
    await audit.finish();
  });
}

const LIST: ListSpec = {
  table: 'quotations',
  sortable: ['created', 'updated', 'unit_price', 'valid_until', 'status', 'quotation_type'],
  defaultSort: '-created',
  // status is filtered on its effective value (repo.quotationsQuery), not the stored one.
  filters: ['vendor', 'item', 'service', 'quotation_type'],
  search: ['notes'],
  dateColumn: 'valid_until',
};

export async function listQuotations(
  scope: SiteScope,
  query: QuotationListQuery,
): Promise<Page<Quotation>> {
  const { ctx, siteId } = scope;
  const page = await paginate(
    repo.quotationsQuery(ctx.db.kysely, today(ctx), query.status ? { status: query.status } : {}),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return { ...page, items: await toQuotations(ctx, siteId, page.items, expandSet(query.expand)) };
}
