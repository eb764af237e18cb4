import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';

/** Shown for the moment a record screen's code is loading. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div
      className="flex min-h-[40vh] items-center justify-center gap-3 text-sm text-fg-muted"
      role="status"
      data-page-loading=""
    >
      <Spinner className="size-5 text-primary" />
      {t('common.loading')}
    </div>
  );
}
