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
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { businessToday } from '../../platform/business-time.js';
import { recordService } from '../../platform/record-service.js';
import * as repo from './quotations-repo.js';
import { checkVendorRef, vendorRefs } from '../../db/site-refs.js';

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

/** A new type drops the old target unless the body names one (which the check then refuses). */
function targetOf(existing: repo.QuotationRow, input: QuotationUpdate) {
  const type = input.quotation_type ?? existing.quotation_type;
  const typeChanged = type !== existing.quotation_type;
  return {
    quotation_type: type,
    item: input.item !== undefined ? input.item : typeChanged ? null : existing.item,
    service: input.service !== undefined ? input.service : typeChanged ? null : existing.service,
  };
}

/** Quotations on the generic record service: their references are checked on the site. */
export const quotations = recordService<
  repo.QuotationWithStatus,
  Quotation,
  QuotationCreate,
  QuotationUpdate,
  QuotationListQuery,
  Partial<repo.QuotationRow>
>('quotations', {
  noun: 'Quotation',
  find: (db, siteId, id, { ctx }) => repo.findQuotation(db, siteId, id, today(ctx)),
  shape: ({ ctx, siteId }, rows, expand) => toQuotations(ctx, siteId, rows, expand),
  list: {
    query: (db, query, { ctx }) =>
      repo.quotationsQuery(db, today(ctx), query.status ? { status: query.status } : {}),
    defaultSort: '-created',
  },
  create: {
    validate: (trx, { siteId }, input) => checkReferences(trx, siteId, input),
    insert: async (trx, { siteId, userId }, input, id, now) => {
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
    },
  },
  update: {
    changes: async (trx, { siteId }, existing, input) => {
      const target = targetOf(existing, input);
      const [issue] = quotationTargetIssues(target);
      if (issue) throw invalid(issue.path, issue.message, 'custom');
      await checkReferences(trx, siteId, {
        ...(input.vendor !== undefined ? { vendor: input.vendor } : {}),
        item: input.item,
        service: input.service,
      });
      const changes: Partial<repo.QuotationRow> = {
        updated: nowIso(),
        quotation_type: target.quotation_type,
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
      return changes;
    },
    write: repo.updateQuotation,
  },
  remove: { write: repo.deleteQuotation },
});

export const getQuotation = quotations.get;
export const createQuotation = quotations.create;
export const updateQuotation = quotations.update;
export const deleteQuotation = quotations.remove;
export const listQuotations = quotations.list;
