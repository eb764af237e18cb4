/**
 * Add an item from inside another form (the delivery form's item pickers): name, unit and
 * categories. Creates through POST …/items (server rules and plan limits apply; a 403 shows in
 * the dialog); `onCreated` gets the new item so the line selects it. The submit never reaches
 * the form underneath.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Item, ItemCreate } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateRecord } from '../../lib/site-records';
import {
  ITEM_FIELDS,
  ITEM_TOASTS,
  ItemFields,
  itemBody,
  itemFormDefaults,
  itemFormSchema,
} from '../record-fields/item-fields';
import { RecordFormDialog, useRecordSave } from '../ui/record-form-dialog';
import type { QuickCreateDialogProps } from './quick-vendor-dialog';

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
  const form = useForm({
    resolver: zodResolver(itemFormSchema),
    defaultValues: itemFormDefaults(null, initialName),
  });
  const save = useRecordSave({
    record: null,
    create: useCreateRecord<ItemCreate, Item>('items'),
    fields: ITEM_FIELDS,
    setError: form.setError,
    toasts: ITEM_TOASTS,
    onSaved: onCreated,
    onOpenChange,
  });
  const submit = form.handleSubmit((values) => save.run(itemBody(values)));
  return (
    <RecordFormDialog
      save={save}
      errors={form.formState.errors}
      open={open}
      onOpenChange={onOpenChange}
      title={t('quickCreate.item.title')}
      description={t('quickCreate.item.description')}
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      submitLabel={t('quickCreate.item.submit')}
      testId="quick-item-form"
    >
      <ItemFields form={form} quick />
    </RecordFormDialog>
  );
}
