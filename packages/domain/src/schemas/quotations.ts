import { z } from 'zod';
import { zMultiline } from '../text.js';
import { zRefService } from './bookings.js';
import { zId, zListQuery, zPlannedDate, zPositiveRupees, zQuantity } from './common.js';
import { zRefItem, zRefVendor } from './deliveries.js';

export const QUOTATION_TYPES = ['item', 'service'] as const;
export type QuotationType = (typeof QUOTATION_TYPES)[number];

/**
 * pending (default) → accepted | rejected, set by the user. `expired` may be set by the user, and
 * a pending quotation whose valid_until has passed (server's business day) is read, filtered and
 * counted as `expired` without being rewritten.
 */
export const QUOTATION_STATUSES = ['pending', 'accepted', 'rejected', 'expired'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

// Fields without defaults: the update schema is their partial, so a PATCH never resets a field.
const quotationFields = {
  vendor: zId,
  quotation_type: z.enum(QUOTATION_TYPES),
  /** Set when quotation_type is item (and only then). */
  item: zId.nullable(),
  /** Set when quotation_type is service (and only then). */
  service: zId.nullable(),
  /** Rupees per unit, > 0. */
  unit_price: zPositiveRupees,
  minimum_quantity: zQuantity.nullable(),
  valid_until: zPlannedDate.nullable(),
  notes: zMultiline(2000).nullable(),
  status: z.enum(QUOTATION_STATUSES),
};

/** The object without the one-target rule (the update schema derives from it). */
export const zQuotationFields = z.object(quotationFields);

type Target = { quotation_type?: QuotationType; item?: string | null; service?: string | null };

/** Issues for "exactly the item (type item) or the service (type service)". */
export function quotationTargetIssues(
  value: Target,
): { path: 'item' | 'service'; message: string }[] {
  const issues: { path: 'item' | 'service'; message: string }[] = [];
  if (value.quotation_type === 'item') {
    if (!value.item) issues.push({ path: 'item', message: 'Choose the item' });
    if (value.service)
      issues.push({ path: 'service', message: 'An item quotation has no service' });
  } else if (value.quotation_type === 'service') {
    if (!value.service) issues.push({ path: 'service', message: 'Choose the service' });
    if (value.item) issues.push({ path: 'item', message: 'A service quotation has no item' });
  }
  return issues;
}

export const zQuotationCreate = z
  .object({
    ...quotationFields,
    item: quotationFields.item.optional(),
    service: quotationFields.service.optional(),
    minimum_quantity: quotationFields.minimum_quantity.optional(),
    valid_until: quotationFields.valid_until.optional(),
    notes: quotationFields.notes.optional(),
    status: quotationFields.status.default('pending'),
  })
  .superRefine((value, ctx) => {
    for (const issue of quotationTargetIssues(value)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
export type QuotationCreate = z.infer<typeof zQuotationCreate>;

/** Partial; the server checks the one-target rule on the merged record. */
export const zQuotationUpdate = zQuotationFields.partial();
export type QuotationUpdate = z.infer<typeof zQuotationUpdate>;

export const zQuotation = z.object({
  id: z.string(),
  site: z.string(),
  vendor: z.string(),
  quotation_type: z.enum(QUOTATION_TYPES),
  item: z.string().nullable(),
  service: z.string().nullable(),
  unit_price: z.number(),
  minimum_quantity: z.number().nullable(),
  valid_until: z.string().nullable(),
  notes: z.string().nullable(),
  /** As stored, except a pending quotation past valid_until reads `expired`. */
  status: z.enum(QUOTATION_STATUSES),
  created: z.string(),
  updated: z.string(),
  expand: z
    .object({
      vendor: zRefVendor.optional(),
      item: zRefItem.optional(),
      service: zRefService.optional(),
    })
    .optional(),
});
export type Quotation = z.infer<typeof zQuotation>;

export const zQuotationListQuery = zListQuery.extend({
  vendor: z.string().max(40).optional(),
  item: z.string().max(40).optional(),
  service: z.string().max(40).optional(),
  quotation_type: z.enum(QUOTATION_TYPES).optional(),
  status: z.enum(QUOTATION_STATUSES).optional(),
});
export type QuotationListQuery = z.infer<typeof zQuotationListQuery>;
