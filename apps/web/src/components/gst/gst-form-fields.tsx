/**
 * The GST fields as a react-hook-form form holds them: a rate select bound to a form field, and
 * the HSN/SAC code + default rate + new-rate date + rate history block an item and a service
 * share (issue 40 item 9).
 */
import type { GstRatePeriod } from '@siteledger/domain';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { fieldError } from '../../lib/form';
import { TextField } from '../ui/text-field';
import { GstRateSelect } from './gst-fields';
import { RateFromField, RateHistory } from './rate-history';

type RateSelectProps = Omit<
  ComponentProps<typeof GstRateSelect>,
  'value' | 'onChange' | 'onBlur' | 'name' | 'ref'
>;

/** A GstRateSelect bound to the form field `name` (a rate or null). */
export function GstRateField<
  Input extends FieldValues,
  Values extends FieldValues,
  Name extends FieldPath<Input>,
>({
  control,
  name,
  ...props
}: RateSelectProps & { control: Control<Input, unknown, Values>; name: Name }) {
  const { field } = useController({ control, name });
  return (
    <GstRateSelect
      ref={field.ref}
      name={field.name}
      // The field's schema holds a rate as a number or null.
      value={field.value as number | null | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
      {...props}
    />
  );
}

/** What differs between an item's and a service's GST block. */
const CODES = {
  item: { field: 'hsn_code', testId: 'hsn', maxLength: 8, placeholder: '2523' },
  service: { field: 'sac_code', testId: 'sac', maxLength: 6, placeholder: '995411' },
} as const;
const CODE_TEXTS = {
  item: { code: 'gst.item.hsn', codeHint: 'gst.item.hsnHint', rateHint: 'gst.item.rateHint' },
  service: {
    code: 'gst.service.sac',
    codeHint: 'gst.service.sacHint',
    rateHint: 'gst.service.rateHint',
  },
} as const;

/**
 * The code (HSN for an item, SAC for a service), the default rate and, when editing (`history`
 * given), the date a new rate applies from and the periods so far, in a two-column grid. The
 * form names its fields `hsn_code`/`sac_code`, `gst_rate` and `gst_rate_effective_from`.
 */
export function GstCodeRateFields<Input extends FieldValues, Values extends FieldValues>({
  form,
  kind,
  history,
}: {
  form: UseFormReturn<Input, unknown, Values>;
  kind: 'item' | 'service';
  /** An edited record's rate history: the new-rate date field and the periods show. */
  history?: GstRatePeriod[] | undefined;
}) {
  const { t } = useTranslation();
  const code = CODES[kind];
  const texts = CODE_TEXTS[kind];
  // The names are the same in both schemas; the generic form cannot know them.
  const path = (name: string) => name as FieldPath<Input>;
  const error = (name: string) =>
    fieldError(t, form.getFieldState(path(name), form.formState).error);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t(texts.code)}
        optional
        inputMode="numeric"
        autoComplete="off"
        maxLength={code.maxLength}
        placeholder={code.placeholder}
        hint={t(texts.codeHint)}
        error={error(code.field)}
        className="font-mono tracking-wide"
        data-testid={`${kind}-${code.testId}`}
        {...form.register(path(code.field))}
      />
      <GstRateField
        control={form.control}
        name={path('gst_rate')}
        label={t('gst.item.rate')}
        hint={t(texts.rateHint)}
        error={error('gst_rate')}
        data-testid={`${kind}-gst-rate`}
      />
      {history ? (
        <>
          <RateFromField
            error={error('gst_rate_effective_from')}
            data-testid={`${kind}-gst-rate-from`}
            {...form.register(path('gst_rate_effective_from'))}
          />
          <RateHistory history={history} testId={`${kind}-gst-rate-history`} />
        </>
      ) : null}
    </div>
  );
}
