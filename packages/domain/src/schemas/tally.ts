import { z } from 'zod';
import { zDate } from './common.js';

/**
 * The site-wide Tally export (GET /api/sites/{siteId}/exports/tally). `from` defaults to the day
 * after the last export's `to` ("since the last export"; the whole history when there is none),
 * `to` to today. Both inclusive.
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
});
export type TallyExportRecord = z.infer<typeof zTallyExportRecord>;

/** GET …/exports/tally/last: what the export dialog offers as "since the last export". */
export const zTallyLastExport = z.object({ last: zTallyExportRecord.nullable() });
export type TallyLastExport = z.infer<typeof zTallyLastExport>;
