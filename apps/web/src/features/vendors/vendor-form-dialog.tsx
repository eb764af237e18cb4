import { zodResolver } from '@hookform/resolvers/zod';
import type { Vendor } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
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
  useRecordSave,
  type RecordFormProps,
} from '../../components/ui/record-form-dialog';
import { useFormGuard } from '../../components/ui/use-form-guard';
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

function VendorForm({ open, onOpenChange, record: vendor, onSaved }: RecordFormProps<Vendor>) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(vendorFormSchema),
    defaultValues: vendorFormDefaults(vendor),
  });
  // Asks before typed work is discarded; a new one's draft survives a reload.
  const guard = useFormGuard(form, {
    open,
    onClose: () => onOpenChange(false),
    draft: vendor ? null : 'vendor',
  });
  const save = useRecordSave({
    record: vendor,
    guard,
    create: useCreateVendor(),
    update: useUpdateVendor(),
    fields: VENDOR_FIELDS,
    setError: form.setError,
    toasts: VENDOR_TOASTS,
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
      title={vendor ? t('vendors.form.editTitle') : t('vendors.form.addTitle')}
      description={vendor ? vendor.name : t('vendors.form.addSubtitle')}
      onSubmit={form.handleSubmit((values) => save.run(vendorBody(values)))}
      submitLabel={vendor ? t('kit.actions.saveChanges') : t('vendors.form.add')}
      size="lg"
      testId="vendor-form"
    >
      <VendorFields form={form} />
    </RecordFormDialog>
  );
}
