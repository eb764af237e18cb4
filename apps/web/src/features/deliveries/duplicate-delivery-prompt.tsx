import { formatInr } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { RecentDuplicate } from './recent-duplicate';

/** "A delivery of ₹X from this vendor was recorded N minutes ago. Record another?" */
export function DuplicateDeliveryPrompt({
  prompt,
}: {
  prompt: { duplicate: RecentDuplicate | null; cancel: () => void; recordAnother: () => void };
}) {
  const { t } = useTranslation();
  const { duplicate } = prompt;
  return (
    <ConfirmDialog
      open={duplicate !== null}
      onOpenChange={(next) => (next ? undefined : prompt.cancel())}
      tone="primary"
      title={t('deliveries.duplicate.title')}
      description={
        duplicate
          ? t('deliveries.duplicate.body', {
              amount: formatInr(duplicate.amount),
              count: duplicate.minutes,
            })
          : undefined
      }
      confirmLabel={t('deliveries.duplicate.recordAnother')}
      cancelLabel={t('deliveries.duplicate.cancel')}
      onConfirm={prompt.recordAnother}
      testId="delivery-duplicate-dialog"
    />
  );
}
