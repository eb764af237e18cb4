/**
 * Add a vendor from inside another form (the delivery form's vendor picker): name, phone and
 * GSTIN — the rest waits for the vendor's page. Creates through POST …/vendors, so the server's
 * rules and plan limits apply (a 403 LIMIT_EXCEEDED shows in the dialog); `onCreated` gets the
 * new vendor so the caller selects it. The submit never reaches the form underneath.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Vendor, VendorCreate } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateRecord } from '../../lib/site-records';
import {
  VENDOR_FIELDS,
  VENDOR_TOASTS,
  VendorFields,
  vendorBody,
  vendorFormDefaults,
  vendorFormSchema,
} from '../record-fields/vendor-fields';
import { RecordFormDialog, useRecordSave } from '../ui/record-form-dialog';

export interface QuickCreateDialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What was typed in the picker: the new record's name to start with. */
  initialName: string;
  onCreated: (record: T) => void;
}

export function QuickVendorDialog(props: QuickCreateDialogProps<Vendor>) {
  // A fresh form each time it opens.
  return props.open ? <QuickVendorForm {...props} /> : null;
}

function QuickVendorForm({
  open,
  onOpenChange,
  initialName,
  onCreated,
}: QuickCreateDialogProps<Vendor>) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(vendorFormSchema),
    defaultValues: vendorFormDefaults(null, initialName),
  });
  const save = useRecordSave({
    record: null,
    create: useCreateRecord<VendorCreate, Vendor>('vendors'),
    fields: VENDOR_FIELDS,
    setError: form.setError,
    toasts: VENDOR_TOASTS,
    onSaved: onCreated,
    onOpenChange,
  });
  const submit = form.handleSubmit((values) => save.run(vendorBody(values)));
  return (
    <RecordFormDialog
      save={save}
      errors={form.formState.errors}
      open={open}
      onOpenChange={onOpenChange}
      title={t('quickCreate.vendor.title')}
      description={t('quickCreate.vendor.description')}
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      submitLabel={t('quickCreate.vendor.submit')}
      testId="quick-vendor-form"
    >
      <VendorFields form={form} quick />
    </RecordFormDialog>
  );
}
