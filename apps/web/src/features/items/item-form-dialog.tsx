import { zodResolver } from '@hookform/resolvers/zod';
import { ITEM_UNITS, type Item, type ItemUnit } from '@siteledger/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TagPicker } from '../../components/tag-picker';
import { FormDialog } from '../../components/ui/form-dialog';
import { unitOptions } from '../../components/ui/quantity-field';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateItem, useUpdateItem } from './api';

const isItemUnit = (value: string): value is ItemUnit =>
  (ITEM_UNITS as readonly string[]).includes(value);

const itemFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(200, 'validation.tooLong'),
  description: z.string().trim().max(2000, 'validation.tooLong'),
  unit: z.string().refine(isItemUnit, 'items.validation.unitRequired'),
  tags: z.array(z.string()),
});
type ItemFormInput = z.input<typeof itemFormSchema>;
type ItemFormValues = z.output<typeof itemFormSchema>;

const FIELDS = ['name', 'description', 'unit', 'tags'] as const;

/** Add (no `item`) or edit an item. The form starts fresh each time the dialog opens. */
export function ItemFormDialog({
  open,
  onOpenChange,
  item,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: Item | null;
  onSaved?: (item: Item) => void;
}) {
  return (
    <ItemForm
      key={open ? (item?.id ?? 'new') : 'closed'}
      open={open}
      onOpenChange={onOpenChange}
      item={item ?? null}
      onSaved={onSaved}
    />
  );
}

function ItemForm({
  open,
  onOpenChange,
  item,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: Item | null;
  onSaved?: ((item: Item) => void) | undefined;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateItem();
  const update = useUpdateItem();
  const mutation = item ? update : create;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ItemFormInput, unknown, ItemFormValues>({
    resolver: zodResolver(itemFormSchema),
    defaultValues: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      unit: item?.unit ?? '',
      tags: item?.tags ?? [],
    },
  });

  const onSubmit = handleSubmit((values) => {
    const body = {
      name: values.name,
      description: values.description || null,
      unit: values.unit,
      tags: values.tags,
    };
    const done = (saved: Item) => {
      toast.success(t(item ? 'items.toast.updated' : 'items.toast.created', { name: saved.name }));
      onSaved?.(saved);
      onOpenChange(false);
    };
    const failed = (error: unknown) => applyServerFieldErrors(error, FIELDS, setError);
    if (item) update.mutate({ id: item.id, data: body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? t('items.form.editTitle') : t('items.form.addTitle')}
      description={item ? item.name : t('items.form.addSubtitle')}
      onSubmit={onSubmit}
      submitLabel={item ? t('kit.actions.saveChanges') : t('items.form.add')}
      busy={mutation.isPending}
      error={mutation.isError && !hasFieldErrors ? errorMessage(mutation.error, t) : null}
      testId="item-form"
    >
      <TextField
        label={t('items.fields.name')}
        autoFocus
        placeholder={t('items.fields.namePlaceholder')}
        error={fieldError(t, errors.name)}
        data-testid="item-name"
        {...register('name')}
      />
      <SelectField
        label={t('items.fields.unit')}
        placeholder={t('kit.select.choose')}
        options={unitOptions(t, ITEM_UNITS)}
        hint={t('items.fields.unitHint')}
        error={fieldError(t, errors.unit)}
        data-testid="item-unit"
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
            testId="item-tags"
          />
        )}
      />
      <TextAreaField
        label={t('items.fields.description')}
        optional
        rows={3}
        placeholder={t('items.fields.descriptionPlaceholder')}
        error={fieldError(t, errors.description)}
        data-testid="item-description"
        {...register('description')}
      />
    </FormDialog>
  );
}
