/**
 * What a detail page shows when its record cannot be loaded: "not found" for a 404 (deleted, or
 * another site's id), otherwise the error with a retry. Strings: `<keyPrefix>.notFound.*`.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import { ArrowLeft, RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { errorMessage, isApiError } from '../../lib/api-client';

export function RecordLoadError({
  keyPrefix,
  error,
  onRetry,
  back,
  testId,
}: {
  keyPrefix: string;
  error: unknown;
  onRetry: () => void;
  back: { to: string; label: string };
  testId: string;
}) {
  const { t } = useTranslation(undefined, { keyPrefix });
  const { t: tRoot } = useTranslation();
  const notFound = isApiError(error) && error.status === 404;
  const backLink = (
    <Link to={back.to} className={buttonClasses(notFound ? 'primary' : 'secondary', 'md')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.label}
    </Link>
  );
  return (
    <div
      className="rounded-2xl border border-border bg-surface shadow-card"
      data-testid={testId}
      role={notFound ? undefined : 'alert'}
    >
      {notFound ? (
        <EmptyState
          icon={<SearchX />}
          title={t('notFound.title')}
          description={t('notFound.description')}
          action={backLink}
        />
      ) : (
        <EmptyState
          icon={<TriangleAlert />}
          title={t('notFound.loadFailed')}
          description={errorMessage(error, tRoot)}
          action={
            <>
              <Button onClick={onRetry} icon={<RefreshCw className="size-4" aria-hidden="true" />}>
                {tRoot('common.retry')}
              </Button>
              {backLink}
            </>
          }
        />
      )}
    </div>
  );
}
