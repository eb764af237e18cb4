/**
 * Add an item from inside another form (the delivery form's item pickers): name, unit and
 * categories. Creates through POST …/items (server rules and plan limits apply; a 403 shows in
 * the dialog); `onCreated` gets the new item so the line selects it. The submit never reaches
 * the form underneath.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ITEM_UNITS, type Item, type ItemCreate, type ItemUnit } from '@siteledger/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateRecord } from '../../lib/site-records';
import { TagPicker } from '../tag-picker';
import { FormDialog } from '../ui/form-dialog';
import { unitOptions } from '../ui/quantity-field';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { useToast } from '../ui/toast-context';
import type { QuickCreateDialogProps } from './quick-vendor-dialog';

const isItemUnit = (value: string): value is ItemUnit =>
  (ITEM_UNITS as readonly string[]).includes(value);

const quickItemSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(200, 'validation.tooLong'),
  unit: z.string().refine(isItemUnit, 'items.validation.unitRequired'),
  tags: z.array(z.string()),
});
type QuickItemInput = z.input<typeof quickItemSchema>;
type QuickItemValues = z.output<typeof quickItemSchema>;

const FIELDS = ['name', 'unit', 'tags'] as const;

export function QuickItemDialog(props: QuickCreateDialogProps<Item>) {
  // A fresh form each time it opens.
  return props.open ? <QuickItemForm {...props} /> : null;
}

function QuickItemForm({
  open,
  onOpenChange,
  initialName,
  onCreated,
}: QuickCreateDialogProps<Item>) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateRecord<ItemCreate, Item>('items');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<QuickItemInput, unknown, QuickItemValues>({
    resolver: zodResolver(quickItemSchema),
    defaultValues: { name: initialName, unit: '', tags: [] },
  });

  const submit = handleSubmit((values) => {
    create.mutate(
      { name: values.name, unit: values.unit as ItemUnit, tags: values.tags },
      {
        onSuccess: (item) => {
          toast.success(t('items.toast.created', { name: item.name }));
          onCreated(item);
          onOpenChange(false);
        },
        onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
      },
    );
  });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('quickCreate.item.title')}
      description={t('quickCreate.item.description')}
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      submitLabel={t('quickCreate.item.submit')}
      busy={create.isPending}
      error={create.isError && !hasFieldErrors ? errorMessage(create.error, t) : null}
      testId="quick-item-form"
    >
      <TextField
        label={t('items.fields.name')}
        autoFocus
        autoComplete="off"
        error={fieldError(t, errors.name)}
        data-testid="quick-item-name"
        {...register('name')}
      />
      <SelectField
        label={t('items.fields.unit')}
        placeholder={t('kit.select.choose')}
        options={unitOptions(t, ITEM_UNITS)}
        hint={t('items.fields.unitHint')}
        error={fieldError(t, errors.unit)}
        data-testid="quick-item-unit"
        {...register('unit')}
      />
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagPicker
            label={t('items.fields.categories')}
            type="item_category"
            optional
            value={field.value}
            onChange={field.onChange}
            error={fieldError(t, errors.tags)}
            testId="quick-item-tags"
          />
        )}
      />
    </FormDialog>
  );
}
