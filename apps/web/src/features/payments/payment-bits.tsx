import type { AllocationStateValue, Payment } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { DotPill } from '../../components/record-detail/dot-pill';
import { formatRupees } from '../../lib/format';

const tones: Record<AllocationStateValue, string> = {
  unallocated: 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/20',
  partially_allocated: 'bg-info-soft text-info-soft-fg ring-info-soft-fg/20',
  fully_allocated: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20',
};
const dots: Record<AllocationStateValue, string> = {
  unallocated: 'bg-amber-500',
  partially_allocated: 'bg-blue-500',
  fully_allocated: 'bg-success',
};

/** How much of a payment is placed on deliveries and bookings. */
export function AllocationBadge({
  state,
  testId,
}: {
  state: AllocationStateValue;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DotPill pill={tones[state]} dot={dots[state]} testId={testId} data={{ 'data-state': state }}>
      {t(`payments.state.${state}`)}
    </DotPill>
  );
}

/** "HDFC Current ₹40,000 + credit notes ₹10,000" — where the money came from. */
export function PaymentSplit({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 text-sm">
      {payment.account_amount > 0 ? (
        <p className="truncate text-fg">
          {payment.expand?.account?.name ?? t('payments.view.account')}{' '}
          <span className="tabular-nums text-fg-muted">{formatRupees(payment.account_amount)}</span>
        </p>
      ) : null}
      {payment.credit_note_amount > 0 ? (
        <p className="truncate text-fg-muted">
          {t('payments.view.creditNotes')}{' '}
          <span className="tabular-nums">{formatRupees(payment.credit_note_amount)}</span>
        </p>
      ) : null}
    </div>
  );
}
