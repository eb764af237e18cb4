import type { RetentionReport } from '@siteledger/domain';
import { sql } from 'kysely';
import { businessToday } from '../../platform/business-time.js';
import { rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import { addDays } from '../../platform/business-time.js';

/**
 * The retention-due report (issue 43): every work order of the site that holds retention, what
 * it holds and has released, and when the rest falls due — `running` until the final bill dates
 * it, `due` within 30 days, `overdue` past its date. Soonest first.
 */
export async function retentionReport(scope: SiteScope): Promise<RetentionReport> {
  const today = businessToday(scope.ctx.config.timezone);
  const soon = addDays(today, 30);
  const result = await sql<{
    id: string;
    number: string | null;
    title: string;
    vendor: string;
    vendor_name: string;
    status: RetentionReport['rows'][number]['status'];
    due: string | null;
    held: number | string;
    released: number | string;
  }>`
    select o.id, o.number, o.title, o.vendor, v.name as vendor_name, o.status,
      o.retention_due_date as due,
      coalesce((select sum(b.retention_amount) from ra_bills b where b.work_order = o.id), 0)
        as held,
      coalesce((select sum(b.net_payable) from ra_bills b where b.work_order = o.id
        and b.kind = 'retention_release'), 0) as released
    from work_orders o join vendors v on v.id = o.vendor
    where o.site_id = ${scope.siteId}`.execute(scope.ctx.db.kysely);
  const rows = result.rows
    .map((r) => ({ ...r, held: Number(r.held), released: Number(r.released) }))
    .filter((r) => r.held > 0)
    .sort((a, b) => ((a.due ?? '9999') < (b.due ?? '9999') ? -1 : 1));
  return {
    as_of: today,
    rows: rows.map((r) => ({
      work_order: r.id,
      number: r.number,
      title: r.title,
      vendor: r.vendor,
      vendor_name: r.vendor_name,
      status: r.status,
      ...rupees({ retention_held: r.held - r.released, retention_released: r.released }),
      retention_due_date: r.due,
      due_status:
        r.due === null ? 'running' : r.due < today ? 'overdue' : r.due <= soon ? 'due' : 'not_due',
    })),
    ...rupees({ total_held: rows.reduce((sum, r) => sum + r.held - r.released, 0) }),
  };
}
