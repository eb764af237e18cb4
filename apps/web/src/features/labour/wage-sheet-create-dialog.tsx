/**
 * "New wage sheet": a period (with last week and this month a tap away) and, for a labour
 * contractor's gang, the contractor; the server counts the attendance, deducts open advances
 * and answers the draft sheet, or NOTHING_TO_PAY in its own words when no one was marked.
 */
import type { WageSheet } from '@siteledger/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { VendorPicker } from '../../components/pickers/record-pickers';
import { Button } from '../../components/ui/button';
import { DateField, dateSchema } from '../../components/ui/date-field';
import { FormDialog } from '../../components/ui/form-dialog';
import { useCreateWageSheet } from '../../data/wage-sheets';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { lastWeek, thisMonth, type Period } from './wage-sheet-rules';

const schema = z
  .object({
    from: dateSchema() as z.ZodType<string, string>,
    to: dateSchema() as z.ZodType<string, string>,
    labour_contractor: z.string(),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'wageSheets.validation.periodOrder' });
const FIELDS = ['from', 'to', 'labour_contractor'] as const;

const PRESETS = [
  { id: 'lastWeek', period: () => lastWeek() },
  { id: 'thisMonth', period: () => thisMonth() },
] as const;

export function WageSheetCreateDialog({
  open,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (sheet: WageSheet) => void;
}) {
  // A fresh form each time it opens.
  return open ? <CreateForm onOpenChange={onOpenChange} onSaved={onSaved} /> : null;
}

function CreateForm({
  onOpenChange,
  onSaved,
}: {
  onOpenChange: (open: boolean) => void;
  onSaved: (sheet: WageSheet) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWageSheet();
  const { form, closeSaved, fieldProps } = useDialogForm({
    schema,
    defaultValues: { ...lastWeek(), labour_contractor: '' },
    open: true,
    onOpenChange,
    draft: null,
    texts: 'wageSheets.fields',
  });
  const { handleSubmit, setError, setValue, control, formState } = form;
  const choose = (period: Period) => {
    setValue('from', period.from, { shouldDirty: true, shouldValidate: true });
    setValue('to', period.to, { shouldDirty: true, shouldValidate: true });
  };
  const onSubmit = handleSubmit((values) => {
    create.mutate(
      {
        from: values.from,
        to: values.to,
        ...(values.labour_contractor ? { labour_contractor: values.labour_contractor } : {}),
      },
      {
        onSuccess: (sheet) => {
          closeSaved(t('wageSheets.toast.created', { number: sheet.number }));
          onSaved(sheet);
        },
        onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
      },
    );
  });
  const fieldErrors = FIELDS.some((name) => formState.errors[name]?.type === 'server');

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('wageSheets.form.addTitle')}
      description={t('wageSheets.form.description')}
      onSubmit={onSubmit}
      submitLabel={t('wageSheets.form.submit')}
      busy={create.isPending}
      error={create.isError && !fieldErrors ? errorMessage(create.error, t) : null}
      testId="ws-form"
    >
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('wageSheets.form.quick')}>
        {PRESETS.map((preset) => (
          <Button
            key={preset.id}
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => choose(preset.period())}
            data-testid={`ws-preset-${preset.id}`}
          >
            {t(`wageSheets.form.${preset.id}`)}
          </Button>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DateField data-testid="ws-from" {...fieldProps('from')} />
        <DateField data-testid="ws-to" {...fieldProps('to')} />
      </div>
      <Controller
        control={control}
        name="labour_contractor"
        render={({ field }) => (
          <VendorPicker
            optional
            label={t('wageSheets.fields.labourContractor')}
            placeholder={t('wageSheets.form.ownWorkers')}
            hint={t('wageSheets.form.contractorHint')}
            value={field.value}
            onChange={field.onChange}
            error={fieldError(t, formState.errors.labour_contractor)}
            testId="ws-contractor"
          />
        )}
      />
    </FormDialog>
  );
}
