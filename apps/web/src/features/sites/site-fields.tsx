import { INPUT_TAX_MODES, type InputTaxMode, type SiteCreate } from '@siteledger/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { GstinField, gstinStateOf } from '../../components/gst/gst-fields';
import { GstinStateSelect } from '../../components/gst/gstin-state-select';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { fieldError } from '../../lib/form';
import type { SiteFormInput, SiteFormValues } from './schemas';

export type SiteForm = UseFormReturn<SiteFormInput, unknown, SiteFormValues>;

export const SITE_FIELDS = [
  'name',
  'description',
  'total_units',
  'total_planned_area',
  'gstin',
  'state_code',
  'input_tax_mode',
  'tan',
  'ot_multiplier',
  'budget_control',
  'consumption_flag_percent',
  'supervisor_budget_view',
  'petty_approval_threshold',
  'petty_photo_above',
] as const;

/** The GST profile's starting values: none, input tax added to cost (API.md's default). */
export const NO_GST_PROFILE = {
  gstin: '',
  state_code: '',
  input_tax_mode: 'cost',
  tan: '',
} as const;

/**
 * What the POST or PATCH sends: an empty description is none; a GSTIN brings its own state
 * (the server refuses a different one beside it), else the state chosen, if any.
 */
export function siteBody(values: SiteFormValues): SiteCreate {
  return {
    name: values.name,
    description: values.description || null,
    total_units: values.total_units,
    total_planned_area: values.total_planned_area,
    gstin: values.gstin || null,
    state_code: gstinStateOf(values.gstin) ?? (values.state_code || null),
    input_tax_mode: values.input_tax_mode,
    tan: values.tan || null,
    ot_multiplier: values.ot_multiplier,
    budget_control: values.budget_control,
    consumption_flag_percent: values.consumption_flag_percent,
    supervisor_budget_view: values.supervisor_budget_view,
    petty_approval_threshold: values.petty_approval_threshold,
    petty_photo_above: values.petty_photo_above,
  };
}

/**
 * Name, description, total units and planned area — the Create Site form and the Manage site
 * dialog. `testId` starts each field's test id (`site`, `manage-site`); `examples` shows the
 * create form's placeholders (an existing site has its values instead).
 */
export function SiteFields({
  form,
  testId,
  autoFocus = true,
  examples = false,
}: {
  form: SiteForm;
  testId: string;
  autoFocus?: boolean;
  examples?: boolean;
}) {
  const fieldProps = useFieldProps(form, 'sites.fields');
  return (
    <>
      <TextField
        autoFocus={autoFocus}
        data-testid={`${testId}-name`}
        {...fieldProps('name', { placeholder: examples })}
      />
      <TextAreaField
        optional
        rows={2}
        data-testid={`${testId}-description`}
        {...fieldProps('description', { placeholder: true })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder={examples ? '24' : undefined}
          data-testid={`${testId}-units`}
          {...fieldProps('total_units', { text: 'units', number: true })}
        />
        <TextField
          type="number"
          inputMode="decimal"
          min={1}
          step="any"
          placeholder={examples ? '18000' : undefined}
          data-testid={`${testId}-area`}
          {...fieldProps('total_planned_area', { text: 'area', number: true })}
        />
      </div>
    </>
  );
}

/**
 * The site's GST profile (API.md "GST"): GSTIN, state (the GSTIN's own while one is typed) and
 * whether input tax is added to cost or claimed, in plain words.
 */
export function SiteGstFields({ form, testId }: { form: SiteForm; testId: string }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const gstin = register('gstin');
  return (
    <section
      className="space-y-4 border-t border-border pt-4"
      aria-labelledby={`${testId}-gst-title`}
      data-testid={`${testId}-gst`}
    >
      <div>
        <h3 id={`${testId}-gst-title`} className="text-sm font-semibold text-fg">
          {t('gst.site.title')}
        </h3>
        <p className="mt-0.5 text-xs text-fg-muted">{t('gst.site.description')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <GstinField
          label={t('gst.site.gstin')}
          error={fieldError(t, errors.gstin)}
          data-testid={`${testId}-gstin`}
          {...gstin}
        />
        <GstinStateSelect
          control={control}
          label={t('gst.site.state')}
          hints={{ fromGstin: t('gst.site.stateFromGstin'), byHand: t('gst.site.stateHint') }}
          error={fieldError(t, errors.state_code)}
          testId={`${testId}-state`}
        />
        <TextField
          optional
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={10}
          label={t('sites.fields.tan')}
          placeholder="MUMA12345B"
          hint={t('sites.fields.tanHint')}
          error={fieldError(t, errors.tan)}
          data-testid={`${testId}-tan`}
          {...register('tan')}
        />
      </div>
      <Controller
        control={control}
        name="input_tax_mode"
        render={({ field }) => (
          <InputTaxChoice
            value={field.value}
            onChange={field.onChange}
            error={fieldError(t, errors.input_tax_mode)}
            testId={`${testId}-input-tax`}
          />
        )}
      />
    </section>
  );
}

/** "Added to cost" or "Claimed as input tax credit", each with who it is for. */
function InputTaxChoice({
  value,
  onChange,
  error,
  testId,
}: {
  value: InputTaxMode;
  onChange: (mode: InputTaxMode) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2" data-testid={testId}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{t('gst.site.inputTax')}</legend>
      <p className="text-xs text-fg-muted" data-testid={`${testId}-from-now`}>
        {t('gst.site.inputTaxFromNow')}
      </p>
      {INPUT_TAX_MODES.map((mode) => (
        <label
          key={mode}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-3 transition-colors',
            value === mode
              ? 'border-primary bg-primary-soft'
              : 'border-border hover:border-border-strong',
          )}
        >
          <input
            type="radio"
            name={testId}
            value={mode}
            checked={value === mode}
            onChange={() => onChange(mode)}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--primary)]"
            data-testid={`${testId}-${mode}`}
          />
          <span className="min-w-0">
            <span className="block text-sm font-medium text-fg">
              {t(`gst.inputTax.${mode}.title`)}
            </span>
            <span className="block text-xs text-fg-muted">{t(`gst.inputTax.${mode}.detail`)}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Labour (issue 44), owners only: what an hour of overtime pays, as a multiple of the ordinary rate. */
export function SiteLabourFields({ form, testId }: { form: SiteForm; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-4 border-t border-border pt-4" data-testid={`${testId}-labour`}>
      <h3 className="text-sm font-semibold text-fg">{t('wageSheets.otSetting.title')}</h3>
      <TextField
        type="number"
        inputMode="decimal"
        min={1}
        max={4}
        step={0.25}
        className="sm:max-w-40"
        label={t('wageSheets.otSetting.label')}
        hint={t('wageSheets.otSetting.hint')}
        error={fieldError(t, form.formState.errors.ot_multiplier)}
        data-testid={`${testId}-ot-multiplier`}
        {...form.register('ot_multiplier', { valueAsNumber: true })}
      />
    </section>
  );
}
