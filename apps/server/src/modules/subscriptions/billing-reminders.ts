/**
 * Reminders that a plan will stop (issue 26): mail to the site's owners 7 days and 1 day before
 * a paid period ends without renewal, and when a renewal charge fails. Each goes once: the
 * `billing_notices` row is the record that it did, whatever the hourly runs and retried
 * webhooks do.
 */
import { daysUntil, renews, REMINDER_DAYS } from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import type { Executor } from '../../db/executor.js';
import type { AppContext } from '../../platform/context.js';
import * as repo from './subscriptions-repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function dateText(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: timezone,
  }).format(new Date(iso));
}

interface Reminder {
  siteId: string;
  siteName: string;
  planName: string;
  kind: 'ends_in_7' | 'ends_in_1' | 'payment_failed';
  /** Once per site, kind and key. */
  key: string;
  /** The period's end. */
  end: string | null;
}

function reminderText(ctx: AppContext, r: Reminder): { subject: string; text: string } {
  const link = `${ctx.config.publicUrl}/subscription`;
  const ends = r.end ? dateText(r.end, ctx.config.timezone) : null;
  if (r.kind === 'payment_failed') {
    return {
      subject: `Payment for ${r.siteName} failed: your ${r.planName} plan was not renewed`,
      text:
        `The renewal payment for the ${r.planName} plan of ${r.siteName} did not go through.\n` +
        (ends
          ? `The plan runs until ${ends}; after that the site stays writable for 7 days.\n`
          : '') +
        `Pay again on the Subscription page to keep the site writable:\n\n${link}\n`,
    };
  }
  const when = r.kind === 'ends_in_7' ? 'in 7 days' : 'tomorrow';
  return {
    subject: `Your ${r.planName} plan for ${r.siteName} ends ${when}`,
    text:
      `The ${r.planName} plan of ${r.siteName} ends on ${ends ?? ''} and will not renew.\n` +
      `After 7 more days the site becomes read-only (its records stay; nothing is deleted).\n` +
      `Renew or choose a plan on the Subscription page:\n\n${link}\n`,
  };
}

/** Sends a reminder unless it was sent before; a mail that fails is logged, not retried. */
async function remind(ctx: AppContext, db: Executor, r: Reminder): Promise<boolean> {
  if (!(await repo.recordNotice(db, r.siteId, r.kind, r.key, nowIso()))) return false;
  const mail = reminderText(ctx, r);
  const owners = await repo.ownerEmails(db, r.siteId);
  for (const to of owners) {
    await ctx.mailer
      .send({
        to,
        subject: mail.subject,
        text: mail.text,
        link: `${ctx.config.publicUrl}/subscription`,
      })
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, site: r.siteId, kind: r.kind }, 'billing reminder failed'),
      );
  }
  ctx.logger.info({ site: r.siteId, kind: r.kind, owners: owners.length }, 'billing reminder');
  return true;
}

/**
 * The hourly run: due downgrades take effect, and periods ending within 7 days (or 1) without
 * renewal are reminded. `now` is injectable for tests. Returns the reminders sent.
 */
export async function billingSweep(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const db = ctx.db.kysely;
  const at = now.toISOString();
  await repo.applyDueDowngrades(db, at);
  const until = new Date(now.getTime() + REMINDER_DAYS[0] * DAY_MS).toISOString();
  const rows = await repo.periodsEndingBefore(db, until, at);
  let sent = 0;
  for (const row of rows) {
    const end = row.current_period_end;
    if (end === null) continue;
    const renewing = renews({
      status: row.status,
      current_period_end: end,
      auto_renew: row.auto_renew === 1,
      provider_subscription_id: row.provider_subscription_id,
      pending_plan_id: row.pending_plan_id,
      renewal_failed_at: row.renewal_failed_at,
    });
    // A downgrade is the owner's choice: the free plan follows, nothing to warn about.
    if (renewing || row.pending_plan_id !== null) continue;
    const kind = daysUntil(end, at) <= REMINDER_DAYS[1] ? 'ends_in_1' : 'ends_in_7';
    const reminded = await remind(ctx, db, {
      siteId: row.site_id,
      siteName: row.site_name,
      planName: row.plan_name,
      kind,
      key: end,
      end,
    });
    if (reminded) sent += 1;
  }
  return sent;
}

/** After a failed renewal charge was recorded: the owners hear of it once per failure. */
export async function remindFailedCharge(
  ctx: AppContext,
  siteId: string,
  key: string,
): Promise<void> {
  const db = ctx.db.kysely;
  const sub = await repo.planOfSite(db, siteId);
  if (!sub) return;
  await remind(ctx, db, {
    siteId,
    siteName: sub.site_name,
    planName: sub.plan_name,
    kind: 'payment_failed',
    key,
    end: sub.current_period_end,
  });
}
