import { HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { formatRupees } from '../../lib/format';
import type { PaymentFormState } from './use-payment-form';

/**
 * A new payment to a vendor that already holds an advance while bills are due: offers to put the
 * advance on the dues (editing the oldest payment holding it) instead of paying again.
 */
export function AdvanceNotice({ f }: { f: PaymentFormState }) {
  const { t } = useTranslation();
  const data = f.data;
  const apply = f.mode.kind === 'create' ? f.mode.onApplyAdvance : undefined;
  const oldest = data?.advances[0];
  if (!data || !apply || !oldest || data.advance <= 0 || data.total_due <= 0) return null;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-info-soft-fg/20 bg-info-soft p-3 text-sm text-info-soft-fg sm:flex-row sm:items-center sm:justify-between"
      role="status"
      data-testid="payment-advance-notice"
    >
      <p className="flex items-start gap-2">
        <HandCoins className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="font-semibold">
            {t('payments.advance.notice', { amount: formatRupees(data.advance) })}
          </span>{' '}
          {t('payments.advance.hint')}
        </span>
      </p>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="shrink-0"
        onClick={() => apply(oldest.payment)}
        data-testid="payment-apply-advance"
      >
        {t('payments.advance.apply')}
      </Button>
    </div>
  );
}
