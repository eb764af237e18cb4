import { zodResolver } from '@hookform/resolvers/zod';
import { GSTIN_PATTERN, type Vendor, type VendorCreate } from '@siteledger/domain';
import type { ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TagPicker } from '../../components/tag-picker';
import { FormDialog } from '../../components/ui/form-dialog';
import { TextAreaField } from '../../components/ui/textarea-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors, fieldError } from '../../lib/form';
import { useCreateVendor, useUpdateVendor } from './api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_CHARS = /^[\d\s+()./-]+$/;

const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong');

const vendorFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(200, 'validation.tooLong'),
  company_name: optionalText(200),
  contact_person: optionalText(200),
  phone: optionalText(40).refine(
    (v) => v === '' || (PHONE_CHARS.test(v) && v.replace(/\D/g, '').length >= 6),
    'validation.phoneInvalid',
  ),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'validation.tooLong')
    .refine((v) => v === '' || EMAIL.test(v), 'validation.emailInvalid'),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || GSTIN_PATTERN.test(v), 'vendors.validation.gstin'),
  address: optionalText(1000),
  payment_details: optionalText(2000),
  tags: z.array(z.string()),
});
type VendorFormInput = z.input<typeof vendorFormSchema>;
type VendorFormValues = z.output<typeof vendorFormSchema>;

const FIELDS = [
  'name',
  'company_name',
  'contact_person',
  'phone',
  'email',
  'gstin',
  'address',
  'payment_details',
  'tags',
] as const;

/** Uppercases the field as it is typed, keeping the caret where it was. */
function uppercaseInPlace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

/** Add (no `vendor`) or edit a vendor. The form starts fresh each time the dialog opens. */
export function VendorFormDialog({
  open,
  onOpenChange,
  vendor,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendor?: Vendor | null;
  onSaved?: (vendor: Vendor) => void;
}) {
  return (
    <VendorForm
      key={open ? (vendor?.id ?? 'new') : 'closed'}
      open={open}
      onOpenChange={onOpenChange}
      vendor={vendor ?? null}
      onSaved={onSaved}
    />
  );
}

function VendorForm({
  open,
  onOpenChange,
  vendor,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendor: Vendor | null;
  onSaved?: ((vendor: Vendor) => void) | undefined;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const mutation = vendor ? update : create;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<VendorFormInput, unknown, VendorFormValues>({
    resolver: zodResolver(vendorFormSchema),
    defaultValues: {
      name: vendor?.name ?? '',
      company_name: vendor?.company_name ?? '',
      contact_person: vendor?.contact_person ?? '',
      phone: vendor?.phone ?? '',
      email: vendor?.email ?? '',
      gstin: vendor?.gstin ?? '',
      address: vendor?.address ?? '',
      payment_details: vendor?.payment_details ?? '',
      tags: vendor?.tags ?? [],
    },
  });

  const onSubmit = handleSubmit((values) => {
    const body: VendorCreate = {
      name: values.name,
      company_name: values.company_name || null,
      contact_person: values.contact_person || null,
      phone: values.phone || null,
      email: values.email || null,
      gstin: values.gstin || null,
      address: values.address || null,
      payment_details: values.payment_details || null,
      tags: values.tags,
    };
    const done = (saved: Vendor) => {
      toast.success(
        t(vendor ? 'vendors.toast.updated' : 'vendors.toast.created', { name: saved.name }),
      );
      onSaved?.(saved);
      onOpenChange(false);
    };
    const failed = (error: unknown) => applyServerFieldErrors(error, FIELDS, setError);
    if (vendor) update.mutate({ id: vendor.id, data: body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  });

  const hasFieldErrors = FIELDS.some((field) => errors[field]?.type === 'server');
  const gstin = register('gstin');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={vendor ? t('vendors.form.editTitle') : t('vendors.form.addTitle')}
      description={vendor ? vendor.name : t('vendors.form.addSubtitle')}
      onSubmit={onSubmit}
      submitLabel={vendor ? t('kit.actions.saveChanges') : t('vendors.form.add')}
      busy={mutation.isPending}
      error={mutation.isError && !hasFieldErrors ? errorMessage(mutation.error, t) : null}
      size="lg"
      testId="vendor-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('vendors.fields.name')}
          autoFocus
          autoComplete="off"
          placeholder={t('vendors.fields.namePlaceholder')}
          error={fieldError(t, errors.name)}
          data-testid="vendor-name"
          {...register('name')}
        />
        <TextField
          label={t('vendors.fields.companyName')}
          optional
          autoComplete="off"
          placeholder={t('vendors.fields.companyNamePlaceholder')}
          error={fieldError(t, errors.company_name)}
          data-testid="vendor-company"
          {...register('company_name')}
        />
        <TextField
          label={t('vendors.fields.contactPerson')}
          optional
          autoComplete="off"
          placeholder={t('vendors.fields.contactPersonPlaceholder')}
          error={fieldError(t, errors.contact_person)}
          data-testid="vendor-contact"
          {...register('contact_person')}
        />
        <TextField
          label={t('vendors.fields.phone')}
          optional
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+91 98450 12345"
          error={fieldError(t, errors.phone)}
          data-testid="vendor-phone"
          {...register('phone')}
        />
        <TextField
          label={t('vendors.fields.email')}
          optional
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder={t('vendors.fields.emailPlaceholder')}
          error={fieldError(t, errors.email)}
          data-testid="vendor-email"
          {...register('email')}
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
          className="font-mono tracking-wide"
          data-testid="vendor-gstin"
          {...gstin}
          onChange={(event) => {
            uppercaseInPlace(event);
            return gstin.onChange(event);
          }}
        />
      </div>
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagPicker
            label={t('vendors.fields.specialties')}
            type="specialty"
            optional
            value={field.value}
            onChange={field.onChange}
            hint={t('vendors.fields.specialtiesHint')}
            error={fieldError(t, errors.tags)}
            testId="vendor-tags"
          />
        )}
      />
      <TextAreaField
        label={t('vendors.fields.address')}
        optional
        rows={2}
        placeholder={t('vendors.fields.addressPlaceholder')}
        error={fieldError(t, errors.address)}
        data-testid="vendor-address"
        {...register('address')}
      />
      <TextAreaField
        label={t('vendors.fields.paymentDetails')}
        optional
        rows={3}
        placeholder={t('vendors.fields.paymentDetailsPlaceholder')}
        hint={t('vendors.fields.paymentDetailsHint')}
        error={fieldError(t, errors.payment_details)}
        data-testid="vendor-payment-details"
        {...register('payment_details')}
      />
    </FormDialog>
  );
}
