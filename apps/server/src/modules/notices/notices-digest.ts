/**
 * The daily digests (issue 47): bills falling due and retention falling due within 7 days, to
 * each site's owners and accountants, one mail per person and kind a day across their sites.
 * Run hourly with the other housekeeping (app.ts); the `notice_digests` row is the record that a
 * digest went, so later runs and other instances send it no more that day.
 */
import { sql } from 'kysely';
import type { NoticeKind } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { addDays, businessToday } from '../../platform/business-time.js';
import { deliver } from './notices-deliver.js';
import * as repo from './notices-repo.js';
import { DUE_WITHIN_DAYS, type DueLine } from './notices-text.js';

/** A bill falls due this many days after its date (the supplier's invoice date, else its own). */
export const BILL_CREDIT_DAYS = 30;

type SiteLine = DueLine & { siteId: string };
const num = (value: unknown) => Number(value ?? 0);

/** Open bills of active sites due from `today` to `today + 7`, with what each still owes. */
async function billsDue(ctx: AppContext, today: string): Promise<SiteLine[]> {
  const from = addDays(today, -BILL_CREDIT_DAYS);
  const to = addDays(today, DUE_WITHIN_DAYS - BILL_CREDIT_DAYS);
  const rows = await sql<{
    site_id: string;
    site: string;
    party: string;
    dated: string;
    owed: unknown;
  }>`
    select b.site_id, s.name as site, v.name as party, b.dated, b.owed from (
      select site_id, vendor, coalesce(supplier_invoice_date, delivery_date) as dated,
        total_amount - tds_amount - paid_amount as owed
      from deliveries
      union all
      select site_id, vendor, coalesce(supplier_invoice_date, start_date),
        total_amount + cgst_amount + sgst_amount + igst_amount - tds_amount - paid_amount
      from service_bookings where status <> 'cancelled'
    ) b
    join sites s on s.id = b.site_id
    join vendors v on v.id = b.vendor
    where s.is_active = 1 and s.deleted_at is null and b.owed > 0
      and b.dated >= ${from} and b.dated <= ${to}
    order by b.dated`.execute(ctx.db.kysely);
  return rows.rows.map((r) => ({
    siteId: r.site_id,
    site: r.site,
    party: r.party,
    due: addDays(r.dated, BILL_CREDIT_DAYS),
    amount: num(r.owed),
  }));
}

/** Retention held on work orders of active sites due from `today` to `today + 7`. */
async function retentionDue(ctx: AppContext, today: string): Promise<SiteLine[]> {
  const rows = await sql<{
    site_id: string;
    site: string;
    party: string;
    due: string;
    held: unknown;
  }>`
    select o.site_id, s.name as site, v.name as party, o.retention_due_date as due,
      coalesce((select sum(b.retention_amount) from ra_bills b where b.work_order = o.id), 0)
      - coalesce((select sum(b.net_payable) from ra_bills b where b.work_order = o.id
          and b.kind = 'retention_release'), 0) as held
    from work_orders o
    join sites s on s.id = o.site_id
    join vendors v on v.id = o.vendor
    where s.is_active = 1 and s.deleted_at is null
      and o.retention_due_date >= ${today} and o.retention_due_date <= ${addDays(today, DUE_WITHIN_DAYS)}
    order by o.retention_due_date`.execute(ctx.db.kysely);
  return rows.rows
    .filter((r) => num(r.held) > 0)
    .map((r) => ({
      siteId: r.site_id,
      site: r.site,
      party: r.party,
      due: r.due,
      amount: num(r.held),
    }));
}

async function sendDigests(
  ctx: AppContext,
  kind: NoticeKind & ('payments_due' | 'retention_due'),
  lines: SiteLine[],
  today: string,
): Promise<number> {
  const db = ctx.db.kysely;
  // Each person's lines across the sites they own or keep the accounts of.
  const byPerson = new Map<string, { person: repo.Person; lines: SiteLine[] }>();
  for (const siteId of new Set(lines.map((l) => l.siteId))) {
    for (const person of await repo.membersIn(db, siteId, ['owner', 'accountant'], null)) {
      const entry = byPerson.get(person.id) ?? { person, lines: [] };
      entry.lines.push(...lines.filter((l) => l.siteId === siteId));
      byPerson.set(person.id, entry);
    }
  }
  const link = `${ctx.config.publicUrl}/${kind === 'payments_due' ? 'payments' : 'work-orders'}`;
  let sent = 0;
  for (const { person, lines: own } of byPerson.values()) {
    if (!(await repo.claimDigest(db, person.id, kind, today))) continue;
    own.sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
    sent += await deliver(ctx, [person], kind, (texts) => texts.dueDigest(kind, own, link));
  }
  return sent;
}

/** Today's digests; `now` is injectable for tests. Returns the messages sent. */
export async function noticeDigests(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const today = businessToday(ctx.config.timezone, now);
  const bills = await billsDue(ctx, today);
  const retention = await retentionDue(ctx, today);
  return (
    (await sendDigests(ctx, 'payments_due', bills, today)) +
    (await sendDigests(ctx, 'retention_due', retention, today))
  );
}
