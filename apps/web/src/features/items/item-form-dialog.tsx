import type { Item } from '@siteledger/domain';
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
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
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

function ItemForm(props: RecordFormProps<Item>) {
  const { record: item } = props;
  const { t } = useTranslation();
  const { form, dialog } = useRecordForm({
    ...props,
    schema: itemFormSchema,
    defaultValues: itemFormDefaults(item),
    body: itemBody,
    draft: 'item',
    create: useCreateItem(),
    update: useUpdateItem(),
    fields: ITEM_FIELDS,
    toasts: ITEM_TOASTS,
    texts: 'items.form',
  });
  return (
    <RecordFormDialog
      {...dialog}
      description={item ? item.name : t('items.form.addSubtitle')}
      testId="item-form"
    >
      <ItemFields form={form} history={item?.gst_rate_history} />
    </RecordFormDialog>
  );
}
