import { isOwner } from '@siteledger/domain';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuItem } from '../../components/ui/menu';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { useSubscription } from '../../lib/subscription-api';

/**
 * The owner's way to the Subscription page (spec part 2/6: owner only), with the site's plan
 * name ("Free plan"); nothing for other roles or without a site.
 */
export function SubscriptionMenuItem({
  testId,
  className,
}: {
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role, siteId } = useSession();
  const subscription = useSubscription();
  if (!siteId || !isOwner(role)) return null;
  const plan = subscription.data?.subscription?.plan.name;

  return (
    <MenuItem
      onSelect={() => void navigate('/subscription')}
      data-testid={testId}
      className={cn(className)}
    >
      <Sparkles aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block">{t('settings.subscription.menu')}</span>
        <span className="block text-xs text-fg-subtle" data-testid={`${testId}-plan`}>
          {subscription.isPending
            ? '…'
            : plan
              ? t('settings.subscription.plan', { name: plan })
              : t('settings.subscription.noPlan')}
        </span>
      </span>
    </MenuItem>
  );
}
