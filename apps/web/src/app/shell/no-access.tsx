import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

/** Shown instead of redirecting in a loop when the role cannot even see the dashboard. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <EmptyState
      testId="no-access"
      icon={<ShieldAlert aria-hidden="true" />}
      title={t('noAccess.title')}
      description={t('noAccess.description')}
      action={
        <Link to="/select-site" className={buttonClasses('secondary')}>
          {t('noAccess.chooseSite')}
        </Link>
      }
    />
  );
}
