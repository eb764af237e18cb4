import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { VendorField } from '../../components/record-fields/vendor-field';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { MoneyField } from '../../components/ui/money-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import type { WorkerFormInput, WorkerFormValues } from './worker-form';

type WorkerForm = UseFormReturn<WorkerFormInput, unknown, WorkerFormValues>;

/** The worker's fields: who, trade and wage, the contractor whose gang it is, and whether a gang. */
export function WorkerFields({ form }: { form: WorkerForm }) {
  const { t } = useTranslation();
  const fieldProps = useFieldProps(form, 'labour.fields');
  const gang = form.watch('gang');
  return (
    <>
      <TextField
        autoFocus
        data-testid="worker-name"
        {...fieldProps('name', { placeholder: true })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField data-testid="worker-trade" {...fieldProps('trade', { placeholder: true })} />
        <MoneyField
          data-testid="worker-daily-wage"
          {...fieldProps('daily_wage', { hint: true, decimal: true })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          inputMode="decimal"
          data-testid="worker-normal-hours"
          {...fieldProps('normal_hours', { hint: true, decimal: true })}
        />
        <TextField
          optional
          type="tel"
          inputMode="tel"
          autoComplete="off"
          data-testid="worker-phone"
          {...fieldProps('phone')}
        />
      </div>
      <VendorField
        control={form.control}
        name="labour_contractor"
        label={t('labour.fields.labourContractor')}
        placeholder={t('labour.fields.noContractor')}
        leading={[{ value: '', label: t('labour.fields.noContractor') }]}
        hint={t('labour.fields.labourContractorHint')}
        testId="worker-contractor"
      />
      <CheckboxField
        label={t('labour.fields.gangHint')}
        data-testid="worker-gang"
        {...form.register('gang')}
      />
      {gang ? (
        <TextField
          inputMode="numeric"
          data-testid="worker-headcount"
          {...fieldProps('headcount', { hint: true, number: true })}
        />
      ) : null}
      <TextAreaField optional rows={2} data-testid="worker-notes" {...fieldProps('notes')} />
      <ActiveSwitch
        label={t('labour.fields.active')}
        description={t('labour.fields.activeHint')}
        data-testid="worker-active"
        {...form.register('active')}
      />
    </>
  );
}
