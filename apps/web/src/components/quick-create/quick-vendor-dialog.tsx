/**
 * Add a vendor from inside another form (the delivery form's vendor picker): name, phone and
 * GSTIN — the rest waits for the vendor's page. Creates through POST …/vendors, so the server's
 * rules and plan limits apply (a 403 LIMIT_EXCEEDED shows in the dialog); `onCreated` gets the
 * new vendor so the caller selects it. The submit never reaches the form underneath.
 */
import type { Vendor } from '@siteledger/domain';
import {
  VENDOR_FIELDS,
  VENDOR_TOASTS,
  VendorFields,
  vendorBody,
  vendorFormDefaults,
  vendorFormSchema,
} from '../record-fields/vendor-fields';
import { RecordFormDialog } from '../ui/record-form-dialog';
import { useQuickCreateForm, type QuickCreateDialogProps } from './use-quick-create';

export type { QuickCreateDialogProps } from './use-quick-create';

export function QuickVendorDialog(props: QuickCreateDialogProps<Vendor>) {
  // A fresh form each time it opens.
  return props.open ? <QuickVendorForm {...props} /> : null;
}

function QuickVendorForm(props: QuickCreateDialogProps<Vendor>) {
  const { form, dialog } = useQuickCreateForm(props, {
    kind: 'vendor',
    schema: vendorFormSchema,
    defaultValues: vendorFormDefaults(null, props.initialName),
    body: vendorBody,
    fields: VENDOR_FIELDS,
    toasts: VENDOR_TOASTS,
  });
  return (
    <RecordFormDialog {...dialog}>
      <VendorFields form={form} quick />
    </RecordFormDialog>
  );
}
