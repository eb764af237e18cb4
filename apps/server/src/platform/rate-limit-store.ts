import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A store for @fastify/rate-limit that counts in the database, so every server instance over one
 * PostgreSQL sees the same count for a client (issue 9, docs/SCALING.md). One statement per
 * request: an upsert that starts a new window when the old one has passed and otherwise adds one.
 * Only the limited routes (sign-in, registration, password reset) use it.
 */
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

type RouteOptions = FastifyRateLimitOptions & {
  routeInfo?: { method?: string | string[]; url?: string };
};

export function databaseRateLimitStore(
  db: Kysely<Database>,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: RouteOptions = {}) {
      const route = options.routeInfo;
      // Each route counts on its own, as the in-memory store does.
      this.scope = route?.url ? `${String(route.method ?? '')} ${route.url}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      const id = `${this.scope}|${key}`;
      const expired = sql<boolean>`rate_limits.window_start + ${timeWindow} <= ${at}`;
      db.insertInto('rate_limits')
        .values({ key: id, window_start: at, hits: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql`case when ${expired} then 1 else rate_limits.hits + 1 end`,
            window_start: sql`case when ${expired} then ${at} else rate_limits.window_start end`,
          }),
        )
        .returning(['hits', 'window_start'])
        .executeTakeFirstOrThrow()
        .then((row) => {
          const ttl = Number(row.window_start) + timeWindow - at;
          callback(null, { current: row.hits, ttl: Math.max(0, ttl) });
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      db.selectFrom('rate_limits')
        .select(['hits', 'window_start'])
        .where('key', '=', `${this.scope}|${key}`)
        .executeTakeFirst()
        .then((row) => {
          const start = row ? Number(row.window_start) : 0;
          if (!row || start + timeWindow <= at) return callback(null, { current: 0, ttl: 0 });
          callback(null, { current: row.hits, ttl: start + timeWindow - at });
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}

/** Windows are a minute long; anything an hour old is gone (the hourly clean-up). */
export async function purgeOldRateLimits(db: Kysely<Database>, at: number = Date.now()) {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', at - 60 * 60 * 1000)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
