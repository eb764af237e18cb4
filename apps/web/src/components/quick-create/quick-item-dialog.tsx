/**
 * Add an item from inside another form (the delivery form's item pickers): name, unit and
 * categories. Creates through POST …/items (server rules and plan limits apply; a 403 shows in
 * the dialog); `onCreated` gets the new item so the line selects it. The submit never reaches
 * the form underneath.
 */
import type { Item } from '@siteledger/domain';
import {
  ITEM_FIELDS,
  ITEM_TOASTS,
  ItemFields,
  itemBody,
  itemFormDefaults,
  itemFormSchema,
} from '../record-fields/item-fields';
import { RecordFormDialog } from '../ui/record-form-dialog';
import { useQuickCreateForm, type QuickCreateDialogProps } from './use-quick-create';

export function QuickItemDialog(props: QuickCreateDialogProps<Item>) {
  // A fresh form each time it opens.
  return props.open ? <QuickItemForm {...props} /> : null;
}

function QuickItemForm(props: QuickCreateDialogProps<Item>) {
  const { form, dialog } = useQuickCreateForm(props, {
    kind: 'item',
    schema: itemFormSchema,
    defaultValues: itemFormDefaults(null, props.initialName),
    body: itemBody,
    fields: ITEM_FIELDS,
    toasts: ITEM_TOASTS,
  });
  return (
    <RecordFormDialog {...dialog}>
      <ItemFields form={form} quick />
    </RecordFormDialog>
  );
}
