import { formatInr, permissionsFor, type VendorReturn } from '@siteledger/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { todayIso } from '../../components/ui/date-field';
import { useToast } from '../../components/ui/toast-context';
import { failureMessage } from '../../lib/api-client';
import { ACTIVE_ONLY, useAccountList, useVendorList } from '../../lib/entity-options';
import { useSession } from '../../lib/session';
import { useCreateReturn, useReturnableItems } from './api';
import { inr } from './money';
import { ConfirmStep } from './return-confirm';
import {
  buildBody,
  emptyDraft,
  lineDraftFor,
  rupeesText,
  serverErrors,
  STEPS,
  totalPaise,
  validateDetails,
  validateItems,
  validateRefund,
  type FormErrors,
  type ReturnDraft,
} from './return-form';
import { ReturnSaved, ReturnSavedFooter } from './return-saved';
import { DetailsStep, ItemsStep, RefundStep } from './return-steps';
import { StepDialog, StepNav, StepTotal } from '../../components/ui/step-dialog';

const LAST_STEP = STEPS.length - 1;

export function CreateReturnDialog({
  open,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (saved: VendorReturn) => void;
}) {
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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: ((saved: VendorReturn) => void) | undefined;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const financials = permissionsFor(role).canViewFinancials;
  const create = useCreateReturn();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<ReturnDraft>(() => emptyDraft(todayIso()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [amountTouched, setAmountTouched] = useState(false);
  // Once saved, the dialog offers photos of the returned goods (as the delivery form does).
  const [saved, setSaved] = useState<VendorReturn | null>(null);
  const vendors = useVendorList({ enabled: open });
  const accounts = useAccountList({ filters: ACTIVE_ONLY, enabled: open && financials });
  const returnable = useReturnableItems(draft.vendor);
  const rows = useMemo(() => returnable.data?.items ?? [], [returnable.data]);
  const total = totalPaise(draft, rows);

  // Lines appear once the vendor's returnable list arrives; each starts unselected.
  const lines = { ...draft.lines };
  let missing = false;
  for (const row of rows) {
    if (!lines[row.delivery_item]) {
      lines[row.delivery_item] = lineDraftFor(row);
      missing = true;
    }
  }
  if (missing) setDraft({ ...draft, lines });

  const update = (patch: Partial<ReturnDraft>) => {
    if ('amount' in patch || 'creditAmount' in patch) setAmountTouched(true);
    setDraft((current) => ({ ...current, ...patch }));
    // An edited field drops its message; the rest stay until the next check.
    setErrors((current) => {
      const keys = Object.keys(patch);
      const stale = (key: string) =>
        keys.includes(key) || (keys.includes('lines') && key.startsWith('line'));
      return Object.fromEntries(Object.entries(current).filter(([key]) => !stale(key)));
    });
  };
  const vendorOptions = vendors.options;
  const accountOptions = accounts.options;
  const vendorName = vendorOptions.find((v) => v.value === draft.vendor)?.label ?? '';
  const accountName = accountOptions.find((a) => a.value === draft.account)?.label ?? '—';

  const validate = (index: number): FormErrors =>
    index === 0
      ? validateItems(draft, rows)
      : index === 1
        ? validateDetails(draft)
        : index === 2
          ? validateRefund(draft, total)
          : {};

  const next = () => {
    const found = validate(step);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The refund amount proposes the return total until the person types one.
    if (step === 1 && !amountTouched) setDraft((d) => ({ ...d, amount: rupeesText(total) }));
    setStep((value) => Math.min(LAST_STEP, value + 1));
  };

  const save = () => {
    for (let index = 0; index < LAST_STEP; index += 1) {
      const found = validate(index);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setStep(index);
        return;
      }
    }
    create.mutate(buildBody(draft, rows), {
      onSuccess: (record) => {
        toast.success(
          t('vendorReturns.toast.created', { amount: inr(record.total_return_amount) }),
        );
        setSaved(record);
      },
      onError: (error) => {
        const mapped = serverErrors(error, draft, rows);
        if (mapped && Object.keys(mapped.errors).length > 0 && mapped.step < LAST_STEP) {
          setErrors(mapped.errors);
          setStep(mapped.step);
        }
      },
    });
  };

  const mapped = create.isError ? serverErrors(create.error, draft, rows) : null;
  const bottomError =
    create.isError && (!mapped || mapped.step === LAST_STEP)
      ? failureMessage(create.error, t, 'vendorReturns.errors.processing')
      : null;
  const steps = STEPS.map((name) => t(`vendorReturns.wizard.steps.${name}`));
  const busy = create.isPending;

  const footer = saved ? (
    <ReturnSavedFooter
      onView={() => {
        onSaved?.(saved);
        onOpenChange(false);
      }}
      onDone={() => onOpenChange(false)}
    />
  ) : (
    <StepNav
      step={step}
      lastStep={LAST_STEP}
      busy={busy}
      labels={{
        back: t('vendorReturns.wizard.back'),
        next: t('vendorReturns.wizard.next'),
        save: t('vendorReturns.wizard.save'),
      }}
      onCancel={() => onOpenChange(false)}
      onBack={() => {
        setErrors({});
        setStep((value) => Math.max(0, value - 1));
      }}
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
      error={saved ? null : bottomError}
      onSubmit={(event) => {
        event.preventDefault();
        if (saved) return;
        if (step < LAST_STEP) next();
        else save();
      }}
      footer={footer}
      footerStart={
        draft.vendor && !saved ? (
          <StepTotal
            label={t('vendorReturns.fields.totalReturn')}
            amount={formatInr(total)}
            testId="return-wizard-total"
          />
        ) : null
      }
      testId="return-wizard"
    >
      {saved ? (
        <ReturnSaved saved={saved} vendor={vendorName} />
      ) : step === 0 ? (
        <>
          {returnable.isError ? (
            <Alert tone="error" className="mb-4" testId="return-eligibility-error">
              {t('vendorReturns.errors.eligibility')}
            </Alert>
          ) : null}
          <ItemsStep
            draft={draft}
            errors={errors}
            update={update}
            vendors={vendorOptions}
            rows={rows}
            loading={returnable.isPending}
            onVendorChange={(vendor) => {
              setErrors({});
              setDraft((d) => ({ ...d, vendor, lines: {} }));
            }}
          />
        </>
      ) : step === 1 ? (
        <DetailsStep draft={draft} errors={errors} update={update} />
      ) : step === 2 ? (
        <RefundStep
          draft={draft}
          errors={errors}
          update={update}
          accounts={accountOptions}
          total={total}
          onTypeChange={(refundType) => {
            setErrors({});
            setDraft((d) => ({
              ...d,
              refundType,
              amount: amountTouched ? d.amount : rupeesText(total),
            }));
          }}
        />
      ) : (
        <ConfirmStep
          draft={draft}
          rows={rows}
          total={total}
          vendorName={vendorName}
          accountName={accountName}
        />
      )}
    </StepDialog>
  );
}
