/**
 * An item's fields and schema, shared by the item form (features/items) and the quick "add item"
 * dialog inside other forms (components/quick-create): one set of fields, validated by the
 * domain's `zItemCreate`.
 */
import { TagsField } from './tags-field';
import {
  ITEM_UNITS,
  zHsnCode,
  zItemCreate,
  zRateEffectiveFrom,
  zTagIds,
  type GstRatePeriod,
  type Item,
  type ItemCreate,
} from '@siteledger/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formSchema } from '../../lib/form-schema';
import { useFieldProps } from '../form/use-field-props';
import { GstCodeRateFields } from '../gst/gst-form-fields';
import { QuantityField, unitOptions } from '../ui/quantity-field';
import { SelectField } from '../ui/select-field';
import { TextAreaField } from '../ui/textarea-field';
import { TextField } from '../ui/text-field';

/**
 * The select starts empty (''), so the form takes any string and the domain's enum checks it.
 * The HSN code is '' for none; the GST rate null for none.
 */
export const itemFormSchema = formSchema(
  zItemCreate.extend({
    unit: z.string().pipe(zItemCreate.shape.unit),
    tags: zTagIds,
    hsn_code: z.union([z.literal(''), zHsnCode]),
    /** Editing only: the new rate applies from this date ('' corrects the current rate). */
    gst_rate_effective_from: z.union([z.literal(''), zRateEffectiveFrom]).optional(),
  }),
  { unit: 'items.validation.unitRequired', hsn_code: 'gst.validation.hsn' },
);
export type ItemFormInput = z.input<typeof itemFormSchema>;
export type ItemFormValues = z.output<typeof itemFormSchema>;
export type ItemForm = UseFormReturn<ItemFormInput, unknown, ItemFormValues>;

export const ITEM_FIELDS = [
  'name',
  'description',
  'unit',
  'tags',
  'hsn_code',
  'gst_rate',
  'gst_rate_effective_from',
  'min_stock_level',
] as const;

export function itemFormDefaults(item: Item | null, name = ''): ItemFormInput {
  return {
    name: item?.name ?? name,
    description: item?.description ?? '',
    unit: item?.unit ?? '',
    tags: item?.tags ?? [],
    hsn_code: item?.hsn_code ?? '',
    gst_rate: item?.gst_rate ?? null,
    gst_rate_effective_from: '',
    min_stock_level: item?.min_stock_level ?? undefined,
  };
}

/** What the POST or PATCH sends: an empty description, HSN code or minimum stock is none. */
export function itemBody(
  values: ItemFormValues,
): ItemCreate & { gst_rate_effective_from?: string } {
  const { gst_rate_effective_from: from, ...rest } = values;
  return {
    ...rest,
    description: values.description || null,
    hsn_code: values.hsn_code || null,
    gst_rate: values.gst_rate ?? null,
    min_stock_level: values.min_stock_level ?? null,
    // A new rate from a date (issue 40 item 9); without one the current rate is corrected.
    ...(from ? { gst_rate_effective_from: from } : {}),
  };
}

export const ITEM_TOASTS = { created: 'items.toast.created', updated: 'items.toast.updated' };

/**
 * `quick` is the dialog inside another form: name, unit and categories only, no placeholders;
 * its test ids start with `quick-item` instead of `item`.
 */
export function ItemFields({
  form,
  quick = false,
  history,
}: {
  form: ItemForm;
  quick?: boolean;
  /** An edited item's rate history: the new-rate date field and the periods show. */
  history?: GstRatePeriod[] | undefined;
}) {
  const { t } = useTranslation();
  const fieldProps = useFieldProps(form, 'items.fields');
  const testId = quick ? 'quick-item' : 'item';
  const unit = form.watch('unit');
  return (
    <>
      <TextField
        autoFocus
        autoComplete={quick ? 'off' : undefined}
        data-testid={`${testId}-name`}
        {...fieldProps('name', { placeholder: !quick })}
      />
      <SelectField
        placeholder={t('kit.select.choose')}
        options={unitOptions(t, ITEM_UNITS, unit)}
        data-testid={`${testId}-unit`}
        {...fieldProps('unit', { hint: true })}
      />
      <TagsField
        control={form.control}
        label={t('items.fields.categories')}
        type="item_category"
        testId={`${testId}-tags`}
      />
      {quick ? null : <GstCodeRateFields form={form} kind="item" history={history} />}
      {quick ? null : (
        <QuantityField
          optional
          unit={unit || undefined}
          data-testid="item-min-stock-level"
          {...fieldProps('min_stock_level', { hint: true, decimal: true })}
        />
      )}
      {quick ? null : (
        <TextAreaField
          optional
          rows={3}
          data-testid="item-description"
          {...fieldProps('description', { placeholder: true })}
        />
      )}
    </>
  );
}
