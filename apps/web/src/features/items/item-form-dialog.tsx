import { zodResolver } from '@hookform/resolvers/zod';
import type { Item } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ITEM_FIELDS,
  ITEM_TOASTS,
  ItemFields,
  itemBody,
  itemFormDefaults,
  itemFormSchema,
} from '../../components/record-fields/item-fields';
import {
  freshFormKey,
  RecordFormDialog,
  useRecordSave,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useFormGuard } from '../../components/ui/use-form-guard';
import { useCreateItem, useUpdateItem } from './api';

/** Add (no `item`) or edit an item. The form starts fresh each time the dialog opens. */
export function ItemFormDialog({
  item,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: Item | null;
  onSaved?: (item: Item) => void;
}) {
  return <ItemForm key={freshFormKey(props.open, item)} record={item ?? null} {...props} />;
}

function ItemForm({ open, onOpenChange, record: item, onSaved }: RecordFormProps<Item>) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(itemFormSchema),
    defaultValues: itemFormDefaults(item),
  });
  // Asks before typed work is discarded; a new one's draft survives a reload.
  const guard = useFormGuard(form, {
    open,
    onClose: () => onOpenChange(false),
    draft: item ? null : 'item',
  });
  const save = useRecordSave({
    record: item,
    guard,
    create: useCreateItem(),
    update: useUpdateItem(),
    fields: ITEM_FIELDS,
    setError: form.setError,
    toasts: ITEM_TOASTS,
    onSaved,
    onOpenChange,
  });
  return (
    <RecordFormDialog
      save={save}
      guard={guard}
      errors={form.formState.errors}
      open={open}
      onOpenChange={onOpenChange}
      title={item ? t('items.form.editTitle') : t('items.form.addTitle')}
      description={item ? item.name : t('items.form.addSubtitle')}
      onSubmit={form.handleSubmit((values) => save.run(itemBody(values)))}
      submitLabel={item ? t('kit.actions.saveChanges') : t('items.form.add')}
      testId="item-form"
    >
      <ItemFields form={form} history={item?.gst_rate_history} />
    </RecordFormDialog>
  );
}
