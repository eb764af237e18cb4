import { messageFor } from '@siteledger/domain';
import { ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useSites } from '../../features/sites/api';
import { observeApiErrors } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/**
 * True when the current site requires two-step sign-in and the person has not switched it on
 * (issue 19): the site list says so, or one of the site's calls answered 403
 * TWO_STEP_REQUIRED_BY_SITE. Profile stays open, so they can switch it on there.
 */
export function useTwoStepBlocked(): boolean {
  const { siteId, user } = useSession();
  const { pathname } = useLocation();
  const sites = useSites();
  const [refusedSite, setRefusedSite] = useState<string | null>(null);
  useEffect(
    () =>
      observeApiErrors((error) => {
        if (error.code === 'TWO_STEP_REQUIRED_BY_SITE') setRefusedSite(siteId);
      }),
    [siteId],
  );
  if (pathname === '/profile' || siteId === null || user?.two_step === true) return false;
  const site = sites.data?.find((entry) => entry.id === siteId);
  return refusedSite === siteId || site?.require_two_step === true;
}

/** Shown instead of a page of a site that requires two-step sign-in of its members. */
export function TwoStepRequired() {
  const { t } = useTranslation();
  return (
    <EmptyState
      testId="two-step-required"
      icon={<ShieldAlert aria-hidden="true" />}
      title={t('sites.twoStepRequired.title')}
      description={messageFor('TWO_STEP_REQUIRED_BY_SITE', currentLanguage())}
      action={
        <>
          <Link to="/profile" className={buttonClasses('primary')}>
            {t('sites.twoStep.openProfile')}
          </Link>
          <Link to="/select-site" className={buttonClasses('secondary')}>
            {t('noAccess.chooseSite')}
          </Link>
        </>
      }
    />
  );
}
