import {
  type Tag,
  type Vendor,
  type VendorCreate,
  type VendorListQuery,
  type VendorUpdate,
} from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { recordService } from '../../platform/record-service.js';
import { linkTags, unlinkTags, withTags } from '../catalog/tags-service.js';
import { parseFileList } from '../../platform/files.js';
import { rupees } from '../../platform/record-shape.js';
import { businessToday } from '../../platform/business-time.js';
import * as repo from './vendors-repo.js';
import { registrationFor, stateFor } from '../../platform/gst-profile.js';

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

const today = (ctx: AppContext) => businessToday(ctx.config.timezone);

/** Optional text: empty (after the schema's trim) is stored as null. */
const orNull = (value: string | null | undefined) => value || null;

const TEXT_FIELDS = [
  'company_name',
  'contact_person',
  'email',
  'phone',
  'address',
  'payment_details',
  'gstin',
] as const;

/** The GST profile an update leaves: a new GSTIN re-derives state and registration. */
function gstChanges(existing: repo.VendorRow, input: VendorUpdate): Partial<repo.VendorRow> {
  if (
    input.gstin === undefined &&
    input.state_code === undefined &&
    input.registration_type === undefined
  ) {
    return {};
  }
  const gstin = input.gstin !== undefined ? orNull(input.gstin) : existing.gstin;
  const gstinChanged = gstin !== existing.gstin;
  return {
    state_code: stateFor(
      gstin,
      input.state_code !== undefined ? input.state_code : gstinChanged ? null : existing.state_code,
    ),
    registration_type: registrationFor(gstin, input.registration_type, existing.registration_type),
  };
}

/** Vendors on the generic record service: counted by plans, tagged, with stored files. */
export const vendors = recordService<
  repo.VendorWithFigures,
  Vendor,
  VendorCreate,
  VendorUpdate,
  VendorListQuery,
  Partial<repo.VendorRow>,
  repo.VendorRow
>('vendors', {
  noun: 'Vendor',
  find: (db, siteId, id, { ctx }) => repo.findVendor(db, siteId, id, today(ctx)),
  // Locked: a delete waits for (and sees) a delivery or payment being written for the vendor.
  lock: repo.lockVendor,
  shape: ({ ctx, siteId }, rows, expand) => withTags(ctx, 'vendor', siteId, rows, expand, toVendor),
  list: {
    query: (db, query, { ctx }) => repo.vendorsQuery(db, today(ctx), { tag: query.tag }),
    defaultSort: 'name',
  },
  create: {
    insert: async (trx, { siteId, userId }, input, id, now) => {
      const gstin = orNull(input.gstin);
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
        state_code: stateFor(gstin, input.state_code),
        registration_type: registrationFor(gstin, input.registration_type),
        files: '[]',
        created_by: userId,
        created: now,
        updated: now,
      });
    },
    after: linkTags('vendor'),
  },
  update: {
    changes: async (_trx, _scope, existing, input) => {
      const changes: Partial<repo.VendorRow> = { updated: nowIso() };
      if (input.name !== undefined) changes.name = input.name;
      for (const field of TEXT_FIELDS) {
        if (input[field] !== undefined) changes[field] = orNull(input[field]);
      }
      return { ...changes, ...gstChanges(existing, input) };
    },
    write: repo.updateVendor,
    after: linkTags('vendor'),
  },
  remove: {
    // Money records must keep their vendor; quotations would vanish with it (cascade).
    inUse: { entity: 'vendor', check: repo.vendorIsUsed },
    before: unlinkTags('vendor'),
    write: repo.deleteVendor,
    // Only after the commit: a rolled-back delete must keep its files.
    committed: ({ ctx, siteId }, row) => ctx.files.removeMany(siteId, parseFileList(row.files)),
  },
});

export const getVendor = vendors.get;
export const createVendor = vendors.create;
export const updateVendor = vendors.update;
export const deleteVendor = vendors.remove;
export const listVendors = vendors.list;
