import {
  type Tag,
  type Vendor,
  type VendorCreate,
  type VendorListQuery,
  type VendorUpdate,
} from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { checkQuota, releaseQuota } from '../../platform/plan-limits.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { expandSet } from '../../platform/route-params.js';
import { clearRecordTags, setRecordTags, withTags } from '../catalog/tags-service.js';
import { parseFileList } from '../../platform/files.js';
import { rupees } from '../../platform/record-shape.js';
import { businessToday } from '../../platform/business-time.js';
import * as repo from './vendors-repo.js';
import { registrationFor, stateFor } from '../../platform/gst-profile.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import type { SiteScope } from '../../platform/scope.js';

function toVendor(row: repo.VendorWithFigures, tags: string[], expandTags?: Tag[]): Vendor {
  return {
    id: row.id,
    site: row.site_id,
    name: row.name,
    company_name: row.company_name,
    contact_person: row.contact_person,
    email: row.email,
    phone: row.phone,
    address: row.address,
    payment_details: row.payment_details,
    gstin: row.gstin,
    state_code: row.state_code,
    registration_type: row.registration_type,
    tags,
    files: parseFileList(row.files),
    ...rupees({
      total_billed: row.total_billed,
      total_paid: row.total_paid,
      outstanding: row.outstanding,
      credit_balance: row.credit_balance,
      advance: row.advance,
    }),
    created: row.created,
    updated: row.updated,
    ...(expandTags ? { expand: { tags: expandTags } } : {}),
  };
}

async function toVendors(
  ctx: AppContext,
  siteId: string,
  rows: repo.VendorWithFigures[],
  expand: Set<string>,
): Promise<Vendor[]> {
  return withTags(ctx, 'vendor', siteId, rows, expand, toVendor);
}

const today = (ctx: AppContext) => businessToday(ctx.config.timezone);

export async function getVendor(
  scope: SiteScope,
  id: string,
  expand = new Set<string>(),
): Promise<Vendor> {
  const { ctx, siteId } = scope;
  const row = await repo.findVendor(ctx.db.kysely, siteId, id, today(ctx));
  if (!row) throw notFound('Vendor');
  const [vendor] = await toVendors(ctx, siteId, [row], expand);
  return vendor!;
}

/** Optional text: empty (after the schema's trim) is stored as null. */
const orNull = (value: string | null | undefined) => value || null;

export async function createVendor(scope: SiteScope, input: VendorCreate): Promise<Vendor> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const id = newId();
  const gstin = orNull(input.gstin);
  const gst = {
    state_code: stateFor(gstin, input.state_code),
    registration_type: registrationFor(gstin, input.registration_type),
  };
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const slot = await checkQuota(trx, ctx, siteId, 'vendors', 1, scope.subscription);
    await repo.insertVendor(trx, {
      id,
      site_id: siteId,
      name: input.name,
      company_name: orNull(input.company_name),
      contact_person: orNull(input.contact_person),
      email: orNull(input.email),
      phone: orNull(input.phone),
      address: orNull(input.address),
      payment_details: orNull(input.payment_details),
      gstin,
      ...gst,
      files: '[]',
      created_by: userId,
      created: now,
      updated: now,
    });
    await auditCreated(trx, 'vendors', siteId, id);
    if (input.tags) await setRecordTags(trx, 'vendor', siteId, id, input.tags, userId);
    await slot.take();
  });
  return getVendor(scope, id);
}

const TEXT_FIELDS = [
  'company_name',
  'contact_person',
  'email',
  'phone',
  'address',
  'payment_details',
  'gstin',
] as const;

export async function updateVendor(
  scope: SiteScope,
  id: string,
  input: VendorUpdate,
): Promise<Vendor> {
  const { ctx, siteId, userId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.lockVendor(trx, siteId, id);
    if (!existing) throw notFound('Vendor');
    const changes: Partial<repo.VendorRow> = { updated: nowIso() };
    if (input.name !== undefined) changes.name = input.name;
    for (const field of TEXT_FIELDS) {
      if (input[field] !== undefined) changes[field] = orNull(input[field]);
    }
    if (
      input.gstin !== undefined ||
      input.state_code !== undefined ||
      input.registration_type !== undefined
    ) {
      const gstin = input.gstin !== undefined ? orNull(input.gstin) : existing.gstin;
      const gstinChanged = gstin !== existing.gstin;
      changes.state_code = stateFor(
        gstin,
        input.state_code !== undefined
          ? input.state_code
          : gstinChanged
            ? null
            : existing.state_code,
      );
      changes.registration_type = registrationFor(
        gstin,
        input.registration_type,
        existing.registration_type,
      );
    }
    const audit = await auditStart(trx, { entity: 'vendors', siteId, id, action: 'update' });
    await repo.updateVendor(trx, siteId, id, changes);
    await audit.finish();
    if (input.tags) await setRecordTags(trx, 'vendor', siteId, id, input.tags, userId);
  });
  return getVendor(scope, id);
}

export async function deleteVendor(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  const files = await ctx.db.kysely.transaction().execute(async (trx) => {
    const existing = await repo.lockVendor(trx, siteId, id);
    if (!existing) throw notFound('Vendor');
    // Money records must keep their vendor; quotations would vanish with it (cascade).
    if (await repo.vendorIsUsed(trx, siteId, id))
      throw new AppError('RECORD_IN_USE', { entity: 'vendor' });
    await clearRecordTags(trx, 'vendor', id);
    const audit = await auditStart(trx, { entity: 'vendors', siteId, id, action: 'delete' });
    await repo.deleteVendor(trx, siteId, id);
    await audit.finish();
    await releaseQuota(trx, siteId, 'vendors', existing.created);
    return parseFileList(existing.files);
  });
  // Only after the commit: a rolled-back delete must keep its files.
  await ctx.files.removeMany(siteId, files);
}

const LIST: ListSpec = {
  table: 'vendors',
  sortable: ['name', 'company_name', 'contact_person', 'created', 'updated'],
  defaultSort: 'name',
  filters: [],
  search: ['name', 'company_name', 'contact_person', 'phone', 'gstin'],
};

export async function listVendors(scope: SiteScope, query: VendorListQuery): Promise<Page<Vendor>> {
  const { ctx, siteId } = scope;
  const page = await paginate(
    repo.vendorsQuery(ctx.db.kysely, today(ctx), { tag: query.tag }),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return { ...page, items: await toVendors(ctx, siteId, page.items, expandSet(query.expand)) };
}
