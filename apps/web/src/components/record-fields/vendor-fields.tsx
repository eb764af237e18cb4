/**
 * A vendor's fields and schema, shared by the vendor form (features/vendors) and the quick "add
 * vendor" dialog inside other forms (components/quick-create): one set of fields, validated by
 * the domain's `zVendorCreate`.
 */
import { TagsField } from './tags-field';
import { VendorTdsFields } from './vendor-tds-fields';
import {
  REGISTRATION_TYPES,
  zStateCode,
  zTagIds,
  zTdsSection,
  zVendorCreate,
  type RegistrationType,
  type Vendor,
  type VendorCreate,
} from '@siteledger/domain';
import { useEffect } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldError } from '../../lib/form';
import { formSchema } from '../../lib/form-schema';
import { useFieldProps } from '../form/use-field-props';
import { GstinField, gstinStateOf } from '../gst/gst-fields';
import { GstinStateSelect } from '../gst/gstin-state-select';
import { SelectField } from '../ui/select-field';
import { TextAreaField } from '../ui/textarea-field';
import { TextField } from '../ui/text-field';

const PHONE_CHARS = /^[\d\s+()./-]+$/;

/** The server takes any phone text; the form asks for one that looks like a number first. */
export const vendorFormSchema = formSchema(
  zVendorCreate.extend({
    phone: zVendorCreate.shape.phone.refine(
      (v) => !v || (PHONE_CHARS.test(v) && v.replace(/\D/g, '').length >= 6),
      'validation.phoneInvalid',
    ),
    tags: zTagIds,
    // '' until chosen: the server then takes the GSTIN's state and its default registration.
    state_code: z.union([z.literal(''), zStateCode]),
    registration_type: z.union([z.literal(''), z.enum(REGISTRATION_TYPES)]),
    // '' is no TDS (null on the wire).
    tds_section: z.union([z.literal(''), zTdsSection]),
    tds_194c6: z.boolean(),
  }),
  { state_code: 'gst.validation.state' },
);
export type VendorFormInput = z.input<typeof vendorFormSchema>;
export type VendorFormValues = z.output<typeof vendorFormSchema>;
export type VendorForm = UseFormReturn<VendorFormInput, unknown, VendorFormValues>;

export const VENDOR_FIELDS = [
  'name',
  'company_name',
  'contact_person',
  'phone',
  'email',
  'gstin',
  'state_code',
  'registration_type',
  'address',
  'payment_details',
  'tags',
  'pan',
  'tds_section',
  'tds_194c6',
] as const;

export function vendorFormDefaults(vendor: Vendor | null, name = ''): VendorFormInput {
  return {
    name: vendor?.name ?? name,
    company_name: vendor?.company_name ?? '',
    contact_person: vendor?.contact_person ?? '',
    phone: vendor?.phone ?? '',
    email: vendor?.email ?? '',
    gstin: vendor?.gstin ?? '',
    state_code: vendor?.state_code ?? '',
    registration_type: vendor?.registration_type ?? '',
    address: vendor?.address ?? '',
    payment_details: vendor?.payment_details ?? '',
    tags: vendor?.tags ?? [],
    pan: vendor?.pan ?? '',
    tds_section: vendor?.tds_section ?? '',
    tds_194c6: vendor?.tds_194c6 ?? false,
  };
}

/**
 * What the POST or PATCH sends: an empty text field is none. A GSTIN brings its own state; a
 * registration left unchosen is the server's default (regular with a GSTIN, else unregistered).
 */
export function vendorBody(values: VendorFormValues): VendorCreate {
  const state = gstinStateOf(values.gstin) ?? (values.state_code || null);
  return {
    name: values.name,
    company_name: values.company_name || null,
    contact_person: values.contact_person || null,
    phone: values.phone || null,
    email: values.email || null,
    gstin: values.gstin || null,
    ...(state ? { state_code: state } : {}),
    ...(values.registration_type ? { registration_type: values.registration_type } : {}),
    address: values.address || null,
    payment_details: values.payment_details || null,
    tags: values.tags,
    // A GSTIN's own PAN wins on the server; an empty box is none.
    pan: values.pan || null,
    tds_section: values.tds_section || null,
    tds_194c6: values.tds_194c6,
  };
}

export const VENDOR_TOASTS = { created: 'vendors.toast.created', updated: 'vendors.toast.updated' };

/** The registration a vendor has by default: regular with a GSTIN, unregistered without. */
export const defaultRegistration = (gstin: string): RegistrationType =>
  gstin.trim() ? 'regular' : 'unregistered';

/**
 * `quick` is the dialog inside another form: name, phone and GSTIN only, the name without a
 * placeholder; its test ids start with `quick-vendor` instead of `vendor`.
 */
export function VendorFields({ form, quick = false }: { form: VendorForm; quick?: boolean }) {
  const { t } = useTranslation();
  const fieldProps = useFieldProps(form, 'vendors.fields');
  const testId = quick ? 'quick-vendor' : 'vendor';
  const name = (
    <TextField
      autoFocus
      autoComplete="off"
      data-testid={`${testId}-name`}
      {...fieldProps('name', { placeholder: !quick })}
    />
  );
  const phone = (
    <TextField
      optional
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder="+91 98450 12345"
      data-testid={`${testId}-phone`}
      {...fieldProps('phone')}
    />
  );
  const gstinField = (
    <GstinField data-testid={`${testId}-gstin`} {...fieldProps('gstin', { hint: true })} />
  );
  if (quick) {
    return (
      <>
        {name}
        {phone}
        {gstinField}
      </>
    );
  }
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {name}
        <TextField
          optional
          autoComplete="off"
          data-testid="vendor-company"
          {...fieldProps('company_name', { placeholder: true })}
        />
        <TextField
          optional
          autoComplete="off"
          data-testid="vendor-contact"
          {...fieldProps('contact_person', { placeholder: true })}
        />
        {phone}
        <TextField
          optional
          type="email"
          inputMode="email"
          autoComplete="off"
          data-testid="vendor-email"
          {...fieldProps('email', { placeholder: true })}
        />
        {gstinField}
        <VendorGstFields form={form} />
      </div>
      <VendorTdsFields form={form} />
      <TagsField
        control={form.control}
        label={t('vendors.fields.specialties')}
        type="specialty"
        hint={t('vendors.fields.specialtiesHint')}
        testId="vendor-tags"
      />
      <TextAreaField
        optional
        rows={2}
        data-testid="vendor-address"
        {...fieldProps('address', { placeholder: true })}
      />
      <TextAreaField
        optional
        rows={3}
        data-testid="vendor-payment-details"
        {...fieldProps('payment_details', { placeholder: true, hint: true })}
      />
    </>
  );
}

/**
 * State (the GSTIN's own, locked, while a GSTIN is typed; chosen by hand for an unregistered
 * vendor) and registration type, which follows the GSTIN as the server's default does: regular
 * once one is typed, unregistered when it is cleared.
 */
function VendorGstFields({ form }: { form: VendorForm }) {
  const { t } = useTranslation();
  const {
    control,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const gstin = useWatch({ control, name: 'gstin' }) ?? '';
  const hasGstin = gstin.trim() !== '';
  useEffect(() => {
    const current = getValues('registration_type');
    // Only a registered vendor has a GSTIN, and only an unregistered one has none.
    if (hasGstin ? current === 'unregistered' || current === '' : current !== 'unregistered') {
      setValue('registration_type', defaultRegistration(hasGstin ? 'x' : ''));
    }
  }, [hasGstin, getValues, setValue]);
  return (
    <>
      <GstinStateSelect
        control={control}
        label={t('gst.vendor.state')}
        hints={{ fromGstin: t('gst.vendor.stateFromGstin'), byHand: t('gst.vendor.stateHint') }}
        error={fieldError(t, errors.state_code)}
        testId="vendor-state"
      />
      <Controller
        control={control}
        name="registration_type"
        render={({ field }) => (
          <SelectField
            ref={field.ref}
            name={field.name}
            label={t('gst.vendor.registration')}
            value={field.value || defaultRegistration(gstin)}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            options={REGISTRATION_TYPES.map((type) => ({
              value: type,
              label: t(`gst.registration.${type}`),
              // A GSTIN means registered; none means unregistered (the server's rule).
              disabled: hasGstin ? type === 'unregistered' : type !== 'unregistered',
            }))}
            hint={t(`gst.registration.${field.value || defaultRegistration(gstin)}Hint`)}
            error={fieldError(t, errors.registration_type)}
            data-testid="vendor-registration"
          />
        )}
      />
    </>
  );
}
