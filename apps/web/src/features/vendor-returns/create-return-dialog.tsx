import { formatInr, permissionsFor, type VendorReturn } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { ACTIVE_ONLY, useAccountList, useVendorOptions } from '../../lib/entity-options';
import { useSession } from '../../lib/session';
import { STEPS } from './return-form';
import { ReturnSaved, ReturnSavedFooter } from './return-saved';
import { ReturnWizardStep } from './return-wizard-step';
import { LAST_STEP, useReturnWizard } from './use-return-wizard';
import { StepTotal } from '../../components/ui/step-dialog';
import { WizardDialog } from '../../components/wizard-parts';
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

  return (
    <WizardDialog
      open={open}
      onOpenChange={onOpenChange}
      ns="vendorReturns"
      testId="return-wizard"
      steps={steps}
      step={step}
      lastStep={LAST_STEP}
      finished={saved !== null}
      hint={t(`vendorReturns.wizard.hints.${STEPS[step]}`)}
      busy={busy}
      error={wizard.bottomError}
      onSubmit={(event) => {
        event.preventDefault();
        if (step < LAST_STEP) wizard.next();
        else wizard.save();
      }}
      onBack={wizard.back}
      savedFooter={
        saved ? (
          <ReturnSavedFooter
            onView={() => {
              onSaved?.(saved);
              onOpenChange(false);
            }}
            onDone={() => onOpenChange(false)}
          />
        ) : null
      }
      footerStart={
        draft.vendor ? (
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
    </WizardDialog>
  );
}
