/**
 * The billing banner's words (issue 26): which sentence the site's `notice` calls for and with
 * which values. `lapsed` is left to the read-only banner, which already says the site is
 * read-only, so one state never shows two banners.
 */
import type { BillingNotice, SubscriptionState } from '@siteledger/domain';

export interface BillingNoticeText {
  kind: Exclude<BillingNotice['kind'], 'lapsed'>;
  /** i18n key under `subscription.banner`. */
  key: string;
  values: Record<string, string | number>;
  /** The owner's way out: renew the plan, pay the failed charge again, or keep the plan. */
  action: 'renew' | 'pay' | 'manage';
}

export function billingNoticeText(
  state: SubscriptionState | null | undefined,
  formatDate: (iso: string) => string,
): BillingNoticeText | null {
  const notice = state?.notice;
  if (!state || !notice || notice.kind === 'lapsed') return null;
  const sub = state.subscription;
  const plan = sub?.plan.name ?? '';
  const named = plan ? 'Named' : '';
  const days = Math.max(0, notice.days);
  switch (notice.kind) {
    case 'ends_soon':
      // Moving to Free was the owner's own choice: say so, and lead to "Keep" rather than renew.
      if (sub?.pending_plan) {
        return {
          kind: 'ends_soon',
          key: 'subscription.banner.movesSoon',
          values: { plan, next: sub.pending_plan.name, date: formatDate(notice.date), count: days },
          action: 'manage',
        };
      }
      return {
        kind: 'ends_soon',
        key: `subscription.banner.endsSoon${named}`,
        values: { plan, date: formatDate(notice.date), count: days },
        action: 'renew',
      };
    case 'grace': {
      const until = formatDate(state.grace_until ?? notice.date);
      const ended = sub?.current_period_end;
      return ended
        ? {
            kind: 'grace',
            key: 'subscription.banner.grace',
            values: { ended: formatDate(ended), until, count: days },
            action: 'renew',
          }
        : {
            kind: 'grace',
            key: 'subscription.banner.graceNoEnd',
            values: { until, count: days },
            action: 'renew',
          };
    }
    case 'payment_failed':
      return {
        kind: 'payment_failed',
        key: `subscription.banner.paymentFailed${named}`,
        values: { plan, date: formatDate(notice.date) },
        action: 'pay',
      };
  }
}

/** A fingerprint for "dismissed in this tab": the banner returns when the notice changes. */
export function billingNoticeSignature(siteId: string, notice: BillingNotice | null): string {
  return notice ? `${siteId}:${notice.kind}:${notice.date}` : '';
}
