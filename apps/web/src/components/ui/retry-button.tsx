import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** "Retry" under a load that failed. */
export function RetryButton({ onRetry, className }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={onRetry}
      icon={<RefreshCw className="size-4" aria-hidden="true" />}
    >
      {t('common.retry')}
    </Button>
  );
}

/** A load that failed: `title` and the server's words, with Retry beside them. */
export function RetryAlert({
  title,
  query,
  testId,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown };
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Alert tone="error" title={title} className="flex-1" testId={testId}>
        {errorMessage(query.error, t)}
      </Alert>
      <RetryButton onRetry={() => void query.refetch()} className="size-4" />
    </div>
  );
}
