import { z } from 'zod';

/** Path parameters of site-scoped routes: `/api/sites/:siteId/<collection>[/:id]`. */
export const zSiteParams = z.object({ siteId: z.string().min(1).max(40) });
export const zRecordParams = z.object({
  siteId: z.string().min(1).max(40),
  id: z.string().min(1).max(40),
});

/** Reads `?expand=a,b` into a set. */
export function expandSet(expand: string | undefined): Set<string> {
  return new Set(
    (expand ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}
