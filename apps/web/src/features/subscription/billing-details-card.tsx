import { zodResolver } from '@hookform/resolvers/zod';
import { parseGstin, zBillingDetailsInput } from '@siteledger/domain';
import { Save } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EndButton } from '../../components/form/end-button';
import type { z } from 'zod';
import { GstinField, gstinStateOf, StateSelect } from '../../components/gst/gst-fields';
import { useFieldProps } from '../../components/form/use-field-props';
import { Alert } from '../../components/ui/alert';
import { SectionCard } from '../../components/ui/section-card';
import { Skeleton } from '../../components/ui/skeleton';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { applyServerFieldErrors, fieldError, saveErrorMessage } from '../../lib/form';
import { formSchema } from '../../lib/form-schema';
import type { BillingDetails, BillingDetailsInput } from '../../lib/subscription-api';
import { useSaveBillingDetails } from './api';

interface BillingFormValues {
  name: string;
  gstin: string;
  state: string;
}

const FIELDS = ['name', 'gstin', 'state'] as const;

/**
 * The domain's rule, plus the GSTIN's shape and check character before sending. The form holds
 * strings only, a narrower input than the domain schema takes ('' is none), hence the cast.
 */
const schema = formSchema(
  zBillingDetailsInput.superRefine((value, ctx) => {
    if (!value.gstin) return;
    const parsed = parseGstin(value.gstin);
    if (parsed.ok) return;
    ctx.addIssue({
      code: 'custom',
      path: ['gstin'],
      message:
        parsed.problem === 'check_digit'
          ? 'vendors.validation.gstinCheck'
          : 'vendors.validation.gstin',
    });
  }),
  { name: 'validation.nameRequired' },
) as z.ZodType<BillingDetailsInput, BillingFormValues>;

function valuesOf(billing: BillingDetails | null): BillingFormValues {
  return { name: billing?.name ?? '', gstin: billing?.gstin ?? '', state: billing?.state ?? '' };
}

/**
 * The buyer on plan invoices (PUT …/subscription/billing_details): name, optional GSTIN, and the
 * state — the GSTIN's own while a valid one is typed.
 */
export function BillingDetailsCard({
  billing,
  loading,
}: {
  billing: BillingDetails | null | undefined;
  loading: boolean;
}) {
  return (
    <SectionCard testId="billing-details" texts="subscription.billing" className="flex flex-col">
      {billing !== undefined ? (
        <BillingForm
          key={`${billing?.name ?? ''}|${billing?.gstin ?? ''}|${billing?.state ?? ''}`}
          billing={billing}
        />
      ) : loading ? (
        <div className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : null}
    </SectionCard>
  );
}

function BillingForm({ billing }: { billing: BillingDetails | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveBillingDetails();
  const form = useForm<BillingFormValues, unknown, BillingDetailsInput>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(billing),
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = form;
  const fieldProps = useFieldProps(form, 'subscription.billing');
  const typed = useWatch({ control, name: 'gstin' });
  const fromGstin = gstinStateOf(typed);
  const formError = saveErrorMessage(t, save, errors);

  const submit = handleSubmit((values) => {
    const body: BillingDetailsInput = {
      name: values.name,
      gstin: values.gstin,
      // A GSTIN names its state; the select then only shows it.
      state: (values.gstin ? gstinStateOf(values.gstin) : null) ?? values.state,
    };
    save.mutate(body, {
      onSuccess: () => toast.success(t('subscription.toast.billingSaved')),
      onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-4">
      {formError ? (
        <Alert tone="error" testId="billing-error">
          {formError}
        </Alert>
      ) : null}
      <TextField
        autoComplete="organization"
        data-testid="billing-name"
        {...fieldProps('name', { hint: true })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <GstinField data-testid="billing-gstin" {...fieldProps('gstin', { hint: true })} />
        <Controller
          control={control}
          name="state"
          render={({ field }) => (
            <StateSelect
              ref={field.ref}
              name={field.name}
              label={t('subscription.billing.state')}
              optional={!fromGstin}
              value={fromGstin ?? field.value}
              disabled={Boolean(fromGstin)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              hint={
                fromGstin
                  ? t('subscription.billing.stateFromGstin')
                  : t('subscription.billing.stateHint')
              }
              error={fieldError(t, errors.state)}
              data-testid="billing-state"
            />
          )}
        />
      </div>
      <EndButton
        type="submit"
        loading={save.isPending}
        disabled={!isDirty && billing !== null}
        icon={<Save className="size-4" aria-hidden="true" />}
        data-testid="billing-save"
      >
        {t('subscription.billing.save')}
      </EndButton>
    </form>
  );
}
