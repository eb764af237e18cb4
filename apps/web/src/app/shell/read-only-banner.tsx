import { TriangleAlert } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { UpgradeHint } from '../../components/plan-limit';
import { currentLanguage } from '../../lib/i18n';
import { readOnlyCause, readOnlySignature, usageCount } from '../../lib/plan-limits';
import { useSession } from '../../lib/session';
import {
  useSubscription,
  type PlanResource,
  type SubscriptionState,
} from '../../lib/subscription-api';
import { useDismissed } from './use-dismissed';
import { NoticeBanner } from './notice-banner';

/** The state the person dismissed in this tab; it returns once the state changes. */
const DISMISSED_KEY = 'siteledger.readOnlyDismissed';

/** "items, vendors and payments" in the user's language. */
function listOf(words: string[]): string {
  try {
    return new Intl.ListFormat(currentLanguage() === 'hi' ? 'hi-IN' : 'en-IN', {
      type: 'conjunction',
    }).format(words);
  } catch {
    return words.join(', ');
  }
}

/**
 * At one resource's cap: which resource, this month's count against the plan's limit, and that
 * everything else keeps working; at several caps, the list of them.
 */
function limitsMessage(t: TFunction, state: SubscriptionState, resources: PlanResource[]) {
  const planName = state.subscription?.plan.name;
  const plan = planName
    ? t('settings.readOnly.namedPlan', { name: planName })
    : t('settings.readOnly.yourPlan');
  const [only] = resources;
  if (resources.length === 1 && only) {
    return t('settings.readOnly.one', {
      resource: t(`planLimit.resources.${only}`),
      title: t(`planLimit.resourceTitles.${only}`),
      used: usageCount(state.usage, only),
      limit: state.limits[only] ?? 0,
      plan,
    });
  }
  return t('settings.readOnly.many', {
    resources: listOf(resources.map((resource) => t(`planLimit.resources.${resource}`))),
    plan,
  });
}

/**
 * Spec part 4 "Read-only mode": the site's subscription is not active, or a resource has reached
 * its plan limit. Shown above every page of the site to every member; the owner gets the way to
 * upgrade, the others are told to ask the owner.
 */
export function ReadOnlyBanner() {
  const { t } = useTranslation();
  const { siteId } = useSession();
  const { pathname } = useLocation();
  const subscription = useSubscription();
  const cause = readOnlyCause(subscription.data);
  const signature = readOnlySignature(siteId ?? '', cause);
  const banner = useDismissed(DISMISSED_KEY);
  if (!cause || !subscription.data || banner.dismissed(signature)) return null;

  const message =
    cause.kind === 'inactive'
      ? t('planLimit.readOnly.inactive')
      : limitsMessage(t, subscription.data, cause.resources);

  return (
    <NoticeBanner
      testId="read-only-banner"
      data={{ 'data-cause': cause.kind }}
      tone="warning"
      icon={TriangleAlert}
      message={<span data-testid="read-only-message">{message}</span>}
      action={
        pathname === '/subscription' ? null : (
          <UpgradeHint linkTestId="read-only-upgrade" askTestId="read-only-ask-owner" />
        )
      }
      dismiss={{
        onClick: () => banner.dismiss(signature),
        label: t('planLimit.readOnly.dismiss'),
        className: 'text-warning-soft-fg/80 hover:bg-amber-500/10 hover:text-warning-soft-fg',
        testId: 'read-only-dismiss',
      }}
    />
  );
}
