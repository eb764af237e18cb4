import { formatInr, permissionsFor, type VendorReturn } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { ACTIVE_ONLY, useAccountList, useVendorOptions } from '../../lib/entity-options';
import { useSession } from '../../lib/session';
import { STEPS } from './return-form';
import { ReturnSaved, ReturnSavedFooter } from './return-saved';
import { ReturnWizardStep } from './return-wizard-step';
import { LAST_STEP, useReturnWizard } from './use-return-wizard';
import { StepDialog, StepTotal } from '../../components/ui/step-dialog';
import { WizardNav } from '../../components/wizard-parts';
import type { DialogControl } from '../../components/dialog-control';

export function CreateReturnDialog({
  open,
  onOpenChange,
  onSaved,
}: DialogControl & { onSaved?: (saved: VendorReturn) => void }) {
  return (
    <ReturnWizard
      key={open ? 'open' : 'closed'}
      open={open}
      onOpenChange={onOpenChange}
      onSaved={onSaved}
    />
  );
}

function ReturnWizard({
  open,
  onOpenChange,
  onSaved,
}: DialogControl & { onSaved: ((saved: VendorReturn) => void) | undefined }) {
  const { t } = useTranslation();
  const { role } = useSession();
  const financials = permissionsFor(role).canViewFinancials;
  const wizard = useReturnWizard({ open, onOpenChange });
  const { step, draft, saved, total, owed, busy } = wizard;
  // The picker searches on the server; only the chosen vendor is needed here, for its name.
  const vendors = useVendorOptions({ selectedIds: [draft.vendor], enabled: false });
  const accounts = useAccountList({ filters: ACTIVE_ONLY, enabled: open && financials });
  const accountOptions = accounts.options;
  const vendorName = vendors.byId(draft.vendor)?.name ?? '';
  const accountName = accountOptions.find((a) => a.value === draft.account)?.label ?? '—';
  const steps = STEPS.map((name) => t(`vendorReturns.wizard.steps.${name}`));

  const footer = saved ? (
    <ReturnSavedFooter
      onView={() => {
        onSaved?.(saved);
        onOpenChange(false);
      }}
      onDone={() => onOpenChange(false)}
    />
  ) : (
    <WizardNav
      ns="vendorReturns"
      step={step}
      lastStep={LAST_STEP}
      busy={busy}
      onCancel={wizard.guard.requestClose}
      onBack={wizard.back}
      testId="return-wizard"
    />
  );

  return (
    <StepDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('vendorReturns.wizard.title')}
      description={saved ? undefined : t(`vendorReturns.wizard.hints.${STEPS[step]}`)}
      steps={steps}
      step={saved ? steps.length : step}
      busy={busy}
      error={saved ? null : wizard.bottomError}
      onSubmit={(event) => {
        event.preventDefault();
        if (saved) return;
        if (step < LAST_STEP) wizard.next();
        else wizard.save();
      }}
      footer={footer}
      footerStart={
        draft.vendor && !saved ? (
          <StepTotal
            // With GST reversed the footer shows what the vendor owes back, not the value alone.
            label={t(
              owed > total ? 'vendorReturns.gst.toGetBack' : 'vendorReturns.fields.totalReturn',
            )}
            amount={formatInr(owed)}
            testId="return-wizard-total"
          />
        ) : null
      }
      guard={wizard.guard}
      testId="return-wizard"
    >
      {saved ? (
        <ReturnSaved saved={saved} vendor={vendorName} />
      ) : (
        <ReturnWizardStep
          wizard={wizard}
          accountOptions={accountOptions}
          vendorName={vendorName}
          accountName={accountName}
        />
      )}
    </StepDialog>
  );
}
