import { useTranslation } from 'react-i18next';
import { formatBusinessDate } from '../../lib/dates';

/** "As of 30 Nov 2026" over a report, once it has loaded. */
export function AsOf({ date }: { date: string | undefined }) {
  const { t, i18n } = useTranslation();
  if (!date) return null;
  return (
    <p className="text-sm text-fg-muted" data-testid="business-as-of">
      {t('business.asOf', { date: formatBusinessDate(date, i18n.language) })}
    </p>
  );
}
