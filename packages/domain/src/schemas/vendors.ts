import { z } from 'zod';
import { parseGstin, REGISTRATION_TYPES, zStateCode } from '../gst.js';
import { zLine, zMultiline } from '../text.js';
import { zListQuery } from './common.js';
import { DEDUCTEE_TYPES, zOptionalPan, zTdsSection } from './tds.js';
import { zTag, zTagIds } from './tags.js';

/** Indian GST identification number: state code, PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_MESSAGE = 'Invalid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV)';
/** API.md "GST": a GSTIN is checked by its check character (a typo is caught, not stored). */
export const GSTIN_CHECK_MESSAGE = 'GSTIN check character does not match: check for a typo';

/** The message for a GSTIN as typed (trimmed, uppercased), or null when it is valid. */
function gstinIssue(value: string): string | null {
  if (!GSTIN_PATTERN.test(value)) return GSTIN_MESSAGE;
  const parsed = parseGstin(value);
  if (parsed.ok) return null;
  return parsed.problem === 'check_digit' ? GSTIN_CHECK_MESSAGE : GSTIN_MESSAGE;
}

const refineGstin = (value: string, ctx: z.RefinementCtx) => {
  const message = value === '' ? GSTIN_MESSAGE : gstinIssue(value);
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** A GSTIN as typed: trimmed and uppercased, then checked by shape, state and check character. */
export const zGstin = z.string().trim().toUpperCase().superRefine(refineGstin);

/** The vendor form's GSTIN: empty means none (stored as null). */
export const zOptionalGstin = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    if (value !== '') refineGstin(value, ctx);
  });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional contact email: empty means none. */
export const zOptionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Invalid email address');

const text = (max: number) => (max >= 500 ? zMultiline(max) : zLine(max)).optional().nullable();

const vendorFields = {
  name: zLine(200).min(1, 'Name is required'),
  company_name: text(200),
  contact_person: text(200),
  email: zOptionalEmail.optional().nullable(),
  phone: text(40),
  address: text(1000),
  payment_details: text(2000),
  gstin: zOptionalGstin.optional().nullable(),
  /** From the GSTIN when one is given; set by hand for an unregistered vendor. */
  state_code: zStateCode.optional().nullable(),
  /** Default: regular with a GSTIN, unregistered without. */
  registration_type: z.enum(REGISTRATION_TYPES).optional(),
  /** Specialties: tag ids of the same site. */
  tags: zTagIds,
  /** API.md "TDS": taken from the GSTIN when one is given; one that differs from it → 400. */
  pan: zOptionalPan.optional().nullable(),
  /** null: no TDS. */
  tds_section: zTdsSection.optional().nullable(),
  /** A transporter's § 194C(6) declaration: no TDS. */
  tds_194c6: z.boolean().optional(),
};

export const zVendorCreate = z.object({ ...vendorFields, tags: vendorFields.tags.optional() });
export type VendorCreate = z.infer<typeof zVendorCreate>;

export const zVendorUpdate = z.object(vendorFields).partial();
export type VendorUpdate = z.infer<typeof zVendorUpdate>;

export const zVendor = z.object({
  id: z.string(),
  site: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Absent for a supervisor the business's owner keeps from payments (issue 47). */
  payment_details: z.string().nullable().optional(),
  gstin: z.string().nullable(),
  state_code: z.string().nullable(),
  registration_type: z.enum(REGISTRATION_TYPES),
  tags: z.array(z.string()),
  /** Stored file names (uploads); fetch each at /api/files/{site}/{name}. */
  files: z.array(z.string()),
  /** Σ delivery totals + Σ totals of bookings not cancelled (rupees). */
  total_billed: z.number(),
  /** Σ payment amounts to the vendor (absent, like `advance`, where payments are kept from the caller). */
  total_paid: z.number().optional(),
  /** Σ over deliveries and bookings not cancelled of max(total − paid, 0). */
  outstanding: z.number(),
  /** Σ balance of usable credit notes (active, balance > 0, not past expiry). */
  credit_balance: z.number(),
  /**
   * Σ over the vendor's payments of (amount − its delivery and booking allocations): money paid
   * ahead of a bill, or left over by a correction, that a later bill can take (API.md).
   */
  advance: z.number().optional(),
  pan: z.string().nullable(),
  tds_section: zTdsSection.nullable(),
  tds_194c6: z.boolean(),
  deductee_type: z.enum(DEDUCTEE_TYPES),
  /** TDS on the vendor's credits in this financial year (rupees). */
  tds_deducted: z.number(),
  created: z.string(),
  updated: z.string(),
  expand: z.object({ tags: z.array(zTag).optional() }).optional(),
});
export type Vendor = z.infer<typeof zVendor>;

export const zVendorListQuery = zListQuery.extend({ tag: z.string().max(40).optional() });
export type VendorListQuery = z.infer<typeof zVendorListQuery>;
