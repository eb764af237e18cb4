import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatTimestamp } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import type { SiteSubscription } from '../../lib/subscription-api';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="text-right text-sm font-medium text-fg" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** "Renews on" / "Access until" (cancelled) / "Valid until" (not renewing). */
function periodEndLabel(subscription: SiteSubscription): string {
  if (subscription.status === 'cancelled') return 'subscription.current.accessUntil';
  return subscription.auto_renew
    ? 'subscription.current.renewsOn'
    : 'subscription.current.validUntil';
}

/** Status, billing cycle, price and period end of the site's subscription (or "none"). */
export function CurrentPlanFacts({ sub }: { sub: SiteSubscription | null }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatTimestamp(iso, i18n.language);

  const price = (() => {
    if (!sub) return '—';
    if (sub.billing_cycle === 'yearly' && sub.plan.yearly_price > 0) {
      return t('subscription.current.perYear', { amount: formatRupees(sub.plan.yearly_price) });
    }
    if (sub.plan.price > 0) {
      return t('subscription.current.perMonth', { amount: formatRupees(sub.plan.price) });
    }
    return t('subscription.current.free');
  })();

  return (
    <>
      <dl className="divide-y divide-border">
        <Fact label={t('subscription.current.statusLabel')} testId="current-plan-status">
          <StatusBadge
            kind="subscription"
            status={sub?.status ?? 'none'}
            testId="subscription-status"
          />
        </Fact>
        <Fact label={t('subscription.current.cycleLabel')} testId="current-plan-cycle">
          {sub?.billing_cycle
            ? t(`subscription.cycle.${sub.billing_cycle}`)
            : t('subscription.cycle.none')}
        </Fact>
        <Fact label={t('subscription.current.priceLabel')} testId="current-plan-price">
          {price}
        </Fact>
        {sub?.current_period_end ? (
          <Fact label={t(periodEndLabel(sub))} testId="current-plan-period-end">
            {date(sub.current_period_end)}
          </Fact>
        ) : null}
      </dl>
      {sub?.cancelled_at ? (
        <p className="mt-2 text-xs text-fg-muted" data-testid="current-plan-cancelled-at">
          {t('subscription.current.cancelledOn', { date: date(sub.cancelled_at) })}
        </p>
      ) : null}
    </>
  );
}
