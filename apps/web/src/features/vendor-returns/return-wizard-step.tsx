import { useTranslation } from 'react-i18next';
import { FormPhotos } from '../../components/form-photos';
import { Alert } from '../../components/ui/alert';
import type { SelectOption } from '../../components/ui/select-field';
import { ConfirmStep } from './return-confirm';
import { DetailsStep, ItemsStep, RefundStep } from './return-steps';
import type { useReturnWizard } from './use-return-wizard';

/** The body of the return wizard's current step (items, details, refund or confirm). */
export function ReturnWizardStep({
  wizard,
  accountOptions,
  vendorName,
  accountName,
}: {
  wizard: ReturnType<typeof useReturnWizard>;
  accountOptions: SelectOption[];
  vendorName: string;
  accountName: string;
}) {
  const { t } = useTranslation();
  const { step, draft, errors, update, rows, total, gst, owed, returnable } = wizard;
  // What every editing step reads and writes.
  const editing = { draft, errors, update };
  if (step === 0) {
    return (
      <>
        {returnable.isError ? (
          <Alert tone="error" className="mb-4" testId="return-eligibility-error">
            {t('vendorReturns.errors.eligibility')}
          </Alert>
        ) : null}
        <ItemsStep
          {...editing}
          rows={rows}
          loading={returnable.isPending}
          onVendorChange={wizard.changeVendor}
        />
      </>
    );
  }
  if (step === 1) return <DetailsStep {...editing} />;
  if (step === 2) {
    return (
      <RefundStep
        {...editing}
        accounts={accountOptions}
        owed={owed}
        onTypeChange={wizard.changeRefundType}
      />
    );
  }
  return (
    <div className="space-y-6">
      <ConfirmStep
        draft={draft}
        rows={rows}
        total={total}
        gst={gst}
        owed={owed}
        vendorName={vendorName}
        accountName={accountName}
      />
      <FormPhotos
        value={wizard.photos}
        onChange={wizard.setPhotos}
        title={t('vendorReturns.saved.photosTitle')}
        testId="return-form-photos"
      />
    </div>
  );
}
