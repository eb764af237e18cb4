import { useTranslation } from 'react-i18next';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import type { PaymentMode } from './checkout';

/**
 * "Renew automatically" (the default: a Razorpay subscription) | "Pay once (no auto-renew)" (one
 * order, one period). Test ids `renew-choice`, `renew-auto`, `renew-once`.
 */
export function RenewToggle({
  value,
  onChange,
}: {
  value: PaymentMode;
  onChange: (value: PaymentMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="w-full space-y-1.5 sm:w-auto" data-testid="renew-choice">
      <SegmentedToggle
        value={value === 'renew' ? 'auto' : 'once'}
        onChange={(next) => onChange(next === 'auto' ? 'renew' : 'once')}
        label={t('subscription.plans.renewLabel')}
        className="w-full sm:w-96"
        buttonClassName="min-h-10 px-2 py-1.5 leading-tight sm:min-h-9"
        testId="renew"
        segments={[
          { value: 'auto', label: t('subscription.plans.renewAuto') },
          { value: 'once', label: t('subscription.plans.renewOnce') },
        ]}
      />
      <p className="text-xs text-fg-muted sm:max-w-96" data-testid="renew-hint">
        {value === 'renew'
          ? t('subscription.plans.renewHintAuto')
          : t('subscription.plans.renewHintOnce')}
      </p>
    </div>
  );
}
