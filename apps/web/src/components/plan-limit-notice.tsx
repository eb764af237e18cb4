import { isOwner, type PlanResource } from '@siteledger/domain';
import { Lock, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import type { PlanLimit } from '../lib/plan-limits';
import { useSession } from '../lib/session';
import { useSubscription } from '../lib/subscription-api';

/** The sentence explaining a blocked limit, in the user's language. */
export function useLimitReasonText(resource: PlanResource, limit: PlanLimit): string {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const plan = subscription.data?.subscription?.plan.name;
  switch (limit.reason) {
    case 'inactive':
      return t('planLimit.reason.inactive');
    case 'disabled':
      return t('planLimit.reason.disabled');
    case 'limit': {
      const values = {
        count: limit.count,
        limit: limit.limit,
        resource: t(`planLimit.resources.${resource}`),
      };
      return plan
        ? t('planLimit.reason.limit', { ...values, plan })
        : t('planLimit.reason.limitNoPlan', values);
    }
    default:
      return '';
  }
}

/** "Upgrade plan" (owner) or "Ask the site owner to upgrade." (others). */
export function UpgradeHint({
  className,
  linkTestId = 'upgrade-link',
  askTestId = 'ask-owner',
}: {
  className?: string;
  linkTestId?: string;
  askTestId?: string;
}) {
  const { t } = useTranslation();
  const { role } = useSession();
  if (isOwner(role)) {
    return (
      <Link
        to="/subscription"
        className={cn(
          'inline-flex items-center gap-1 rounded font-semibold text-primary underline-offset-4 hover:text-primary-hover hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
          className,
        )}
        data-testid={linkTestId}
      >
        <Sparkles className="size-3.5" aria-hidden="true" />
        {t('planLimit.upgrade')}
      </Link>
    );
  }
  return (
    <span className={className} data-testid={askTestId}>
      {t('planLimit.askOwner')}
    </span>
  );
}

/** The reason a resource cannot be added, with the way out. */
export function PlanLimitNotice({
  resource,
  limit,
  id,
  className,
}: {
  resource: PlanResource;
  limit: PlanLimit;
  id?: string;
  className?: string;
}) {
  const text = useLimitReasonText(resource, limit);
  if (!limit.blocked) return null;
  return (
    <div
      className={cn(
        'flex max-w-sm items-start gap-2 rounded-lg border border-warning-soft-fg/20 bg-warning-soft px-3 py-2 text-xs leading-relaxed text-warning-soft-fg',
        className,
      )}
    >
      <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <p className="min-w-0">
        <span id={id} data-testid={`limit-reason-${resource}`}>
          {text}
        </span>{' '}
        <UpgradeHint />
      </p>
    </div>
  );
}
