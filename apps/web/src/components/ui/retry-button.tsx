import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
