import type { Vendor } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import {
  VENDOR_FIELDS,
  VENDOR_TOASTS,
  VendorFields,
  vendorBody,
  vendorFormDefaults,
  vendorFormSchema,
} from '../../components/record-fields/vendor-fields';
import {
  freshFormKey,
  RecordFormDialog,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useRecordForm } from '../../components/ui/use-record-form';
import { useCreateVendor, useUpdateVendor } from './api';

/** Add (no `vendor`) or edit a vendor. The form starts fresh each time the dialog opens. */
export function VendorFormDialog({
  vendor,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendor?: Vendor | null;
  onSaved?: (vendor: Vendor) => void;
}) {
  return <VendorForm key={freshFormKey(props.open, vendor)} record={vendor ?? null} {...props} />;
}

function VendorForm(props: RecordFormProps<Vendor>) {
  const { record: vendor } = props;
  const { t } = useTranslation();
  const { form, dialog } = useRecordForm({
    ...props,
    schema: vendorFormSchema,
    defaultValues: vendorFormDefaults(vendor),
    body: vendorBody,
    draft: 'vendor',
    create: useCreateVendor(),
    update: useUpdateVendor(),
    fields: VENDOR_FIELDS,
    toasts: VENDOR_TOASTS,
    texts: 'vendors.form',
  });
  return (
    <RecordFormDialog
      {...dialog}
      description={vendor ? vendor.name : t('vendors.form.addSubtitle')}
      size="lg"
      testId="vendor-form"
    >
      <VendorFields form={form} />
    </RecordFormDialog>
  );
}
