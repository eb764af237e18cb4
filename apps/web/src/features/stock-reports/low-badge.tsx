import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';

/** "Low": the item is below its minimum stock level. */
export function LowBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone="warning" className="whitespace-nowrap">
      <span data-testid={testId}>{t('stockReports.low')}</span>
    </Badge>
  );
}
