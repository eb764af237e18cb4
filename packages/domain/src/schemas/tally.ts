import { z } from 'zod';
import { zDate } from './common.js';

/**
 * The site-wide Tally export (GET /api/sites/{siteId}/exports/tally). With `from`, a dated file:
 * the entries from `from` to `to` by business date, each supplier's balance before `from` as its
 * opening (bill-wise). Without `from`, "since the last export" (issue 40): every entry created,
 * changed or deleted since the last export was recorded, plus those dated after its `to` (the
 * whole history when there is none). `to` defaults to today and cannot be after it. Both inclusive.
 */
export const zTallyExportQuery = z
  .object({
    from: zDate.optional(),
    to: zDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date cannot be before the start date',
    path: ['to'],
  });
export type TallyExportQuery = z.infer<typeof zTallyExportQuery>;

/** One recorded site-wide export: its period (`from` null: from the first entry). */
export const zTallyExportRecord = z.object({
  from: z.string().nullable(),
  to: z.string(),
  created: z.string(),
  created_by: z.string().nullable(),
  /**
   * Issue 40: the change cut-off — what was created, changed or deleted at or after it goes in
   * the next "since the last export" file.
   */
  cutoff: z.string(),
  /** The cut-off an incremental ("since the last export") file started from; null when dated. */
  since: z.string().nullable(),
});
export type TallyExportRecord = z.infer<typeof zTallyExportRecord>;

/** GET …/exports/tally/last: what the export dialog offers as "since the last export". */
export const zTallyLastExport = z.object({ last: zTallyExportRecord.nullable() });
export type TallyLastExport = z.infer<typeof zTallyLastExport>;
