import { z } from 'zod';
import { zDate } from './common.js';

/** Formats of the vendor ledger export (GET …/vendors/{id}/export). */
export const VENDOR_EXPORT_FORMATS = ['csv', 'pdf', 'tally', 'xlsx'] as const;
export type VendorExportFormat = (typeof VENDOR_EXPORT_FORMATS)[number];

/** Formats of the account statement (GET …/accounts/{id}/statement). */
export const STATEMENT_FORMATS = ['csv', 'pdf', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const RANGE_MESSAGE = 'The end date cannot be before the start date';

/**
 * `from`/`to` (inclusive, both optional) bound the entries' dates; the opening balance is the
 * balance before `from`. Without them the export covers all dates.
 */
export const zVendorExportQuery = z
  .object({
    format: z.enum(VENDOR_EXPORT_FORMATS),
    from: zDate.optional(),
    to: zDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: RANGE_MESSAGE, path: ['to'] });
export type VendorExportQuery = z.infer<typeof zVendorExportQuery>;

export const zAccountStatementQuery = z
  .object({
    format: z.enum(STATEMENT_FORMATS),
    from: zDate.optional(),
    to: zDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: RANGE_MESSAGE, path: ['to'] });
export type AccountStatementQuery = z.infer<typeof zAccountStatementQuery>;
