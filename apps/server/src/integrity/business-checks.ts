import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Violation } from './check.js';

/**
 * Businesses (issue 47): every site belongs to one, and a site's TAN is its business's (the TDS
 * engine reads the site's copy to find its deductor, so the two must never part).
 */
export async function businessChecks(db: Kysely<Database>): Promise<Violation[]> {
  const found = await sql<{
    id: string;
    tan: string | null;
    business_tan: string | null;
    business: string | null;
  }>`
    select s.id, s.tan, b.tan as business_tan, b.id as business
    from sites s left join businesses b on b.id = s.business_id
    where b.id is null or coalesce(s.tan, '') <> coalesce(b.tan, '')`.execute(db);
  return found.rows.map((r) => ({
    check: r.business === null ? 'Site without a business' : 'Site TAN is its business TAN',
    table: 'sites',
    id: r.id,
    detail:
      r.business === null
        ? 'no business'
        : `site ${r.tan ?? 'none'}, business ${r.business_tan ?? 'none'}`,
  }));
}
