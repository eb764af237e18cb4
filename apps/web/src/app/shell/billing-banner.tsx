import { isOwner } from '@siteledger/domain';
import { CalendarClock, CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  billingNoticeSignature,
  billingNoticeText,
} from '../../features/subscription/billing-notice';
import { formatTimestamp } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useSubscription } from '../../lib/subscription-api';
import { useDismissed } from './use-dismissed';
import { NoticeBanner } from './notice-banner';

/** The state the person dismissed in this tab; it returns once the state changes. */
const DISMISSED_KEY = 'siteledger.billingNoticeDismissed';

/**
 * Issue 26: the plan ends soon without renewal, the site is in its grace after the period, or a
 * renewal charge failed. Shown above every page of the site; owners get "Renew" / "Pay now", the
 * others are told to ask the owner. A lapsed plan is the read-only banner's (one banner per state).
 */
export function BillingBanner() {
  const { t, i18n } = useTranslation();
  const { siteId, role } = useSession();
  const { pathname } = useLocation();
  const subscription = useSubscription();
  const state = subscription.data;
  const text = billingNoticeText(state, (iso) => formatTimestamp(iso, i18n.language));
  const signature = billingNoticeSignature(siteId ?? '', state?.notice ?? null);
  const banner = useDismissed(DISMISSED_KEY);
  if (!text || banner.dismissed(signature)) return null;

  const failed = text.kind === 'payment_failed';
  const onPage = pathname === '/subscription';

  return (
    <NoticeBanner
      testId="billing-banner"
      data={{ 'data-kind': text.kind }}
      tone={failed ? 'danger' : 'warning'}
      icon={failed ? CreditCard : CalendarClock}
      message={<span data-testid="billing-banner-message">{t(text.key, text.values)}</span>}
      action={
        onPage ? null : isOwner(role) ? (
          <Link
            to="/subscription"
            className="whitespace-nowrap rounded font-semibold text-primary underline-offset-4 hover:text-primary-hover hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            data-testid="billing-banner-action"
          >
            {t(`subscription.banner.${text.action}`)}
          </Link>
        ) : (
          <span data-testid="billing-banner-ask-owner">{t('subscription.banner.askOwner')}</span>
        )
      }
      dismiss={{
        onClick: () => banner.dismiss(signature),
        label: t('subscription.banner.dismiss'),
        className: 'opacity-80 hover:bg-black/5 hover:opacity-100',
        testId: 'billing-banner-dismiss',
      }}
    />
  );
}
