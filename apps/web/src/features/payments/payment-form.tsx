import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { OfflineQueueNotice } from '../../components/offline-queue-notice';
import { errorMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList } from '../../lib/entity-options';
import { formatRupees } from '../../lib/format';
import { FormDialog } from '../../components/ui/form-dialog';
import { AdvanceNotice } from './advance-notice';
import { BalanceChangedAlert } from './balance-changed-alert';
import { AccountField, PaymentSummaryPanel } from './payment-form-parts';
import { PaymentCreditSection, PaymentOwedSection } from './payment-owed-section';
import { fieldTestId, PaymentTextFields, PaymentTopFields } from './payment-top-fields';
import { usePaymentForm, type PaymentFormMode } from './use-payment-form';
import type { DialogControl } from '../../components/dialog-control';

/**
 * The one payment form: records a new payment, or corrects a recorded one (amount, account,
 * allocations, credit notes, date, reference, notes — the vendor stays). Mount it with the
 * dialog so each opening starts fresh.
 */
export function PaymentForm({
  open,
  onOpenChange,
  mode,
}: DialogControl & { mode: PaymentFormMode }) {
  const { t } = useTranslation();
  const f = usePaymentForm(mode, open, () => onOpenChange(false));
  const accounts = useAccountList({ filters: ACTIVE_ONLY });
  const editing = mode.kind === 'edit';
  const accountOptions = accounts.records.map((a) => ({
    value: a.id,
    label: `${a.name} · ${formatRupees(a.current_balance)}`,
  }));
  if (
    editing &&
    mode.payment.account &&
    !accountOptions.some((o) => o.value === mode.payment.account)
  )
    accountOptions.push({
      value: mode.payment.account,
      label: mode.payment.expand?.account?.name ?? '',
    });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(editing ? 'payments.edit.title' : 'payments.form.title')}
      description={t(editing ? 'payments.edit.subtitle' : 'payments.form.subtitle')}
      onSubmit={(event) => void f.onSubmit(event)}
      submitLabel={t(editing ? 'kit.actions.saveChanges' : 'payments.form.submit')}
      busy={f.busy}
      error={f.formError}
      size="xl"
      guard={f.guard}
      testId={editing ? 'payment-edit-form' : 'payment-form'}
    >
      {mode.kind === 'create' ? <OfflineQueueNotice queued={mode.queued} /> : null}
      {f.changed ? (
        <BalanceChangedAlert
          change={f.changed.change}
          busy={f.busy}
          onContinue={f.continueAdjusted}
          onRefresh={f.reloadCredits}
        />
      ) : null}
      <PaymentTopFields f={f} />
      <AdvanceNotice f={f} />
      {f.values.vendor && f.payables.isPending ? (
        <p className="text-sm text-fg-muted">{t('common.loading')}</p>
      ) : null}
      {f.values.vendor && f.payables.isError ? (
        <Alert tone="error">{errorMessage(f.payables.error, t)}</Alert>
      ) : null}
      <PaymentOwedSection f={f} />
      <PaymentCreditSection f={f} />
      {f.values.vendor ? (
        <AccountField
          options={accountOptions}
          value={f.values.account}
          summary={f.summary}
          error={f.errors.account}
          testId={fieldTestId(f, 'account')}
          onChange={(value) => {
            f.form.setValue('account', value);
            f.clearError('account');
          }}
        />
      ) : null}
      <PaymentTextFields f={f} />
      <PaymentSummaryPanel summary={f.summary} />
    </FormDialog>
  );
}
