/**
 * Add a vendor from inside another form (the delivery form's vendor picker): name, phone and
 * GSTIN — the rest waits for the vendor's page. Creates through POST …/vendors, so the server's
 * rules and plan limits apply (a 403 LIMIT_EXCEEDED shows in the dialog); `onCreated` gets the
 * new vendor so the caller selects it. The submit never reaches the form underneath.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { GSTIN_PATTERN, type Vendor, type VendorCreate } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateRecord } from '../../lib/site-records';
import { FormDialog } from '../ui/form-dialog';
import { TextField } from '../ui/text-field';
import { useToast } from '../ui/toast-context';

const PHONE_CHARS = /^[\d\s+()./-]+$/;

const quickVendorSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(200, 'validation.tooLong'),
  phone: z
    .string()
    .trim()
    .max(40, 'validation.tooLong')
    .refine(
      (v) => v === '' || (PHONE_CHARS.test(v) && v.replace(/\D/g, '').length >= 6),
      'validation.phoneInvalid',
    ),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || GSTIN_PATTERN.test(v), 'vendors.validation.gstin'),
});
type QuickVendorInput = z.input<typeof quickVendorSchema>;
type QuickVendorValues = z.output<typeof quickVendorSchema>;

const FIELDS = ['name', 'phone', 'gstin'] as const;

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
  const toast = useToast();
  const create = useCreateRecord<VendorCreate, Vendor>('vendors');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<QuickVendorInput, unknown, QuickVendorValues>({
    resolver: zodResolver(quickVendorSchema),
    defaultValues: { name: initialName, phone: '', gstin: '' },
  });

  const submit = handleSubmit((values) => {
    const body: VendorCreate = {
      name: values.name,
      phone: values.phone || null,
      gstin: values.gstin || null,
    };
    create.mutate(body, {
      onSuccess: (vendor) => {
        toast.success(t('vendors.toast.created', { name: vendor.name }));
        onCreated(vendor);
        onOpenChange(false);
      },
      onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
    });
  });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('quickCreate.vendor.title')}
      description={t('quickCreate.vendor.description')}
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      submitLabel={t('quickCreate.vendor.submit')}
      busy={create.isPending}
      error={create.isError && !hasFieldErrors ? errorMessage(create.error, t) : null}
      testId="quick-vendor-form"
    >
      <TextField
        label={t('vendors.fields.name')}
        autoFocus
        autoComplete="off"
        error={fieldError(t, errors.name)}
        data-testid="quick-vendor-name"
        {...register('name')}
      />
      <TextField
        label={t('vendors.fields.phone')}
        optional
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="+91 98450 12345"
        error={fieldError(t, errors.phone)}
        data-testid="quick-vendor-phone"
        {...register('phone')}
      />
      <TextField
        label={t('vendors.fields.gstin')}
        optional
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={15}
        placeholder="27AAPFU0939F1ZV"
        hint={t('vendors.fields.gstinHint')}
        error={fieldError(t, errors.gstin)}
        className="font-mono uppercase tracking-wide"
        data-testid="quick-vendor-gstin"
        {...register('gstin')}
      />
    </FormDialog>
  );
}
