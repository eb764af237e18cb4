import {
  deducteeType,
  panFromGstin,
  type Tag,
  type Vendor,
  type VendorCreate,
  type VendorListQuery,
  type VendorUpdate,
} from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import { AppError } from '../../platform/errors.js';
import { publish, settleTxEvents } from '../../platform/tx-events.js';
import type { AppContext } from '../../platform/context.js';
import { rightsOf, type SiteScope } from '../../platform/scope.js';
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
    pan: row.pan,
    tds_section: row.tds_section as Vendor['tds_section'],
    tds_194c6: row.tds_194c6 === 1,
    deductee_type: deducteeType(row.pan),
    tags,
    files: parseFileList(row.files),
    ...rupees({
      total_billed: row.total_billed,
      total_paid: row.total_paid,
      outstanding: row.outstanding,
      credit_balance: row.credit_balance,
      advance: row.advance,
      tds_deducted: row.tds_deducted,
    }),
    created: row.created,
    updated: row.updated,
    ...(expandTags ? { expand: { tags: expandTags } } : {}),
  };
}

const today = (ctx: AppContext) => businessToday(ctx.config.timezone);

/**
 * The fields of a vendor the caller's role may see (issue 47, roles per business): a role kept
 * from payments reads neither what was paid, the advance, nor the vendor's bank details.
 */
function forRole(scope: SiteScope, vendor: Vendor): Vendor {
  if (rightsOf(scope).payments.read) return vendor;
  const { total_paid: _paid, advance: _advance, payment_details: _bank, ...rest } = vendor;
  return rest;
}

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

/**
 * API.md "TDS": the PAN is the GSTIN's characters 3–12 when the vendor has a GSTIN; one typed
 * that differs from it → 400 on `pan`. Without a GSTIN the typed PAN (or none) stands.
 */
function panFor(gstin: string | null, typed: string | null | undefined, kept: string | null) {
  const fromGstin = gstin ? panFromGstin(gstin) : null;
  const pan = typed !== undefined ? orNull(typed) : fromGstin ? null : kept;
  if (fromGstin && pan && pan !== fromGstin) {
    throw new AppError('VALIDATION_FAILED', {
      pan: { code: 'pan_mismatch', message: `The PAN must be the GSTIN's: ${fromGstin}` },
    });
  }
  return fromGstin ?? pan;
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
  // A vendor is its business's (issue 47): read under a site, it is that site's, with its figures.
  shape: (scope, rows, expand) =>
    withTags(scope.ctx, 'vendor', scope.siteId, rows, expand, (row, tags, expandTags) =>
      forRole(scope, toVendor({ ...row, site_id: scope.siteId }, tags, expandTags)),
    ),
  list: {
    query: (db, query, { ctx, siteId }) =>
      repo.vendorsQuery(db, today(ctx), siteId, { tag: query.tag }),
    defaultSort: 'name',
  },
  create: {
    // A PAN that is not the GSTIN's is refused whatever the business already has.
    check: (_scope, input) => {
      panFor(orNull(input.gstin), input.pan, null);
    },
    // Another site of the business already has a vendor with this GSTIN: that vendor is the
    // answer, now used here too, and this site's plan counts nothing (issue 47).
    existing: async (trx, { siteId }, input) =>
      input.gstin ? (await repo.findSiblingVendorByGstin(trx, siteId, input.gstin))?.id : undefined,
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
        pan: panFor(gstin, input.pan, null),
        tds_section: input.tds_section ?? null,
        tds_194c6: input.tds_194c6 ? 1 : 0,
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
      if (input.gstin !== undefined || input.pan !== undefined) {
        const gstin = input.gstin !== undefined ? orNull(input.gstin) : existing.gstin;
        changes.pan = panFor(gstin, input.pan, existing.pan);
      }
      if (input.tds_section !== undefined) changes.tds_section = input.tds_section;
      if (input.tds_194c6 !== undefined) changes.tds_194c6 = input.tds_194c6 ? 1 : 0;
      return { ...changes, ...gstChanges(existing, input) };
    },
    write: repo.updateVendor,
    after: async (trx, scope, id, input, row, changes) => {
      await linkTags('vendor')(trx, scope, id, input);
      // A new PAN or declaration changes the rate of the vendor's credits (API.md "TDS").
      if (
        (changes.pan !== undefined && changes.pan !== row.pan) ||
        (changes.tds_194c6 !== undefined && changes.tds_194c6 !== row.tds_194c6)
      ) {
        const today = businessToday(scope.ctx.config.timezone);
        const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
        publish(trx, 'deductee.changed', {
          siteId: scope.siteId,
          now: changes.updated ?? nowIso(),
          vendor: id,
          dates: [lastYear, today],
        });
        await settleTxEvents(trx);
      }
    },
  },
  remove: {
    // Money records must keep their vendor; quotations would vanish with it (cascade).
    inUse: { entity: 'vendor', check: repo.vendorIsUsed },
    before: unlinkTags('vendor'),
    write: repo.deleteVendor,
    // Only after the commit: a rolled-back delete must keep its files. They are in the area of
    // the vendor's own site (it may be another site's of the business).
    committed: ({ ctx }, row) => ctx.files.removeMany(row.site_id, parseFileList(row.files)),
  },
});

export const getVendor = vendors.get;
export const createVendor = vendors.create;
export const updateVendor = vendors.update;
export const deleteVendor = vendors.remove;
export const listVendors = vendors.list;
