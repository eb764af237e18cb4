/**
 * "Edit business" (issue 47): name, legal name, address, GSTINs, PAN and TAN, checked with the
 * domain's zBusinessUpdate (the server's own rules) and saved with PATCH /api/businesses/{id}.
 */
import { zBusinessUpdate, type Business, type BusinessUpdate } from '@siteledger/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { useUpdateBusiness } from '../../data/businesses';
import { errorMessage } from '../../lib/api-client';
import { fieldError } from '../../lib/form';
import { formSchema } from '../../lib/form-schema';
import { GstinListField } from './gstin-list-field';

const schema = formSchema(zBusinessUpdate, {
  name: 'business.validation.nameRequired',
  pan: 'business.validation.pan',
  tan: 'business.validation.tan',
});

type Values = Required<{ [K in keyof BusinessUpdate]: NonNullable<BusinessUpdate[K]> }>;
type TextKey = Exclude<keyof Values, 'gstins'>;

const valuesOf = (business: Business): Values => ({
  name: business.name,
  legal_name: business.legal_name ?? '',
  address: business.address ?? '',
  gstins: business.gstins,
  pan: business.pan ?? '',
  tan: business.tan ?? '',
});

/** The form's values as the PATCH body: empty text is "none", empty GSTIN rows are dropped. */
const bodyOf = (values: Values): BusinessUpdate => ({
  name: values.name,
  legal_name: values.legal_name.trim() || null,
  address: values.address.trim() || null,
  gstins: values.gstins.map((gstin) => gstin.trim()).filter(Boolean),
  pan: values.pan.trim() || null,
  tan: values.tan.trim() || null,
});

function BusinessForm({ business, onDone }: { business: Business; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateBusiness();
  const [values, setValues] = useState(() => valuesOf(business));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const error = (path: string) =>
    fieldError(t, errors[path] ? { message: errors[path] } : undefined);
  const text = (key: TextKey) => ({
    value: values[key],
    error: error(key),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    'data-testid': `business-field-${key}`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    update.mutate(
      { id: business.id, data: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('business.saved'));
          onDone();
        },
      },
    );
  };

  // Empty rows are dropped before checking: the n-th row checked is the n-th non-empty one.
  const kept = values.gstins.flatMap((gstin, index) => (gstin.trim() ? [index] : []));
  const gstinErrors = Object.fromEntries(kept.map((row, at) => [row, error(`gstins.${at}`)]));

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <TextField label={t('business.fields.name')} maxLength={120} required {...text('name')} />
      <TextField
        label={t('business.fields.legalName')}
        optional
        maxLength={200}
        {...text('legal_name')}
      />
      <TextAreaField label={t('business.fields.address')} optional rows={3} {...text('address')} />
      <GstinListField
        values={values.gstins}
        errors={gstinErrors}
        onChange={(gstins) => setValues((current) => ({ ...current, gstins }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('business.fields.pan')}
          optional
          maxLength={10}
          className="font-mono uppercase"
          placeholder="AAAPL1234C"
          {...text('pan')}
        />
        <TextField
          label={t('business.fields.tan')}
          optional
          maxLength={10}
          className="font-mono uppercase"
          placeholder="MUMA12345B"
          hint={t('business.fields.tanHint')}
          {...text('tan')}
        />
      </div>
      {update.isError ? (
        <Alert tone="error" testId="business-form-error">
          {errorMessage(update.error, t)}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          className="h-11 w-full sm:h-10 sm:w-auto"
          loading={update.isPending}
          data-testid="business-form-save"
        >
          {t('business.save')}
        </Button>
      </div>
    </form>
  );
}

export function BusinessFormDialog({
  business,
  open,
  onOpenChange,
}: {
  business: Business;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('business.edit')}
      description={t('business.editDescription')}
      testId="business-form-dialog"
    >
      {open ? <BusinessForm business={business} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
