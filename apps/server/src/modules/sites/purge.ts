import type { AppContext } from '../../platform/context.js';
import { purgeOldIdempotencyKeys } from '../../platform/idempotency.js';
import { purgeOldRateLimits } from '../../platform/rate-limit-store.js';
import * as repo from './sites-repo.js';

/** How often the server looks for disowned sites whose 30 days are over. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Permanently deletes every disowned site whose purge date has passed, with all its records
 * (each business table cascades from its site) and its files. `now` is injectable for tests.
 * Returns the ids of the purged sites.
 */
export async function purgeDueSites(ctx: AppContext, now: Date = new Date()): Promise<string[]> {
  const due = await repo.disownedSitesDue(ctx.db.kysely, now.toISOString());
  const purged: string[] = [];
  for (const id of due) {
    try {
      await ctx.db.kysely.transaction().execute((trx) => repo.deleteDisownedSite(trx, id));
      // Files go once the rows are gone; a crash in between leaves only unreachable files.
      await ctx.files.removeArea(id);
      purged.push(id);
      ctx.logger.info({ site: id }, 'disowned site purged');
    } catch (error) {
      ctx.logger.error({ err: error, site: id }, 'purging a disowned site failed');
    }
  }
  return purged;
}

/**
 * Runs the purge now and then every hour until the app closes, with other modules' housekeeping
 * (`jobs`, named for the log) handed in by app.ts.
 */
export function schedulePurge(
  ctx: AppContext,
  jobs: Record<string, () => Promise<void>> = {},
): () => void {
  const run = () => {
    for (const [name, job] of Object.entries(jobs)) {
      void job().catch((error: unknown) => ctx.logger.error({ err: error }, `${name} failed`));
    }
    void purgeDueSites(ctx).catch((error: unknown) =>
      ctx.logger.error({ err: error }, 'purge run failed'),
    );
    void purgeOldIdempotencyKeys(ctx.db.kysely).catch((error: unknown) =>
      ctx.logger.error({ err: error }, 'idempotency key clean-up failed'),
    );
    void purgeOldRateLimits(ctx.db.kysely).catch((error: unknown) =>
      ctx.logger.error({ err: error }, 'rate limit clean-up failed'),
    );
    // SQLite keeps no statistics by itself; `optimize` refreshes those the planner needs
    // (PostgreSQL's autovacuum does this there).
    if (ctx.db.dialect === 'sqlite') {
      void repo
        .optimizeSqlite(ctx.db.kysely)
        .catch((error: unknown) => ctx.logger.error({ err: error }, 'pragma optimize failed'));
    }
  };
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  const first = setTimeout(run, 5_000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
