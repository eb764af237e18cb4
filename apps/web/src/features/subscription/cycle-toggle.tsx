import { useTranslation } from 'react-i18next';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import type { BillingCycle } from '../../lib/subscription-api';

const CYCLES: readonly BillingCycle[] = ['monthly', 'yearly'];

/** Monthly | Yearly as a segmented radio group (arrow keys switch). */
export function CycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange: (value: BillingCycle) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedToggle
      value={value}
      onChange={onChange}
      label={t('subscription.plans.cycleLabel')}
      className="w-full sm:w-64"
      testId="billing-cycle"
      segments={CYCLES.map((cycle) => ({ value: cycle, label: t(`subscription.cycle.${cycle}`) }))}
    />
  );
}
