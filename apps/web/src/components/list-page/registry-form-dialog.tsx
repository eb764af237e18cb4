/**
 * The add-or-edit form of a record type without a form of its own (issue 41): one input per field
 * of its registry entry that can be typed (not references or files): text, a number, a date or a
 * checkbox. The server validates with the type's schema; its field messages show under the
 * inputs. Strings are `<ns>.form.addTitle|editTitle`, `<ns>.add`, `<ns>.fields.<field>` and
 * `<ns>.toast.created|updated`; test ids `<one>-form` and `<one>-<field>`.
 */
import type { FieldCodec, RecordTypeDef } from '@siteledger/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../ui/checkbox-field';
import { freshFormKey, RecordFormDialog, useRecordSave } from '../ui/record-form-dialog';
import { TextField } from '../ui/text-field';
import { useFieldProps } from '../form/use-field-props';
import { useCreateRecord, useUpdateRecord } from '../../lib/site-records';
import {
  bodyOf,
  formFields,
  formValuesOf,
  NUMERIC,
  type FormValues,
  type RegistryRow,
} from './registry-fields';
import type { ListNames } from './list-types';
import type { DialogControl } from '../dialog-control';

interface RegistryFormProps extends DialogControl {
  type: RecordTypeDef;
  names: ListNames;
  /** The record to edit; null adds one. */
  record: RegistryRow | null;
}

/** Starts fresh each time the dialog opens (or opens on another record). */
export function RegistryFormDialog(props: RegistryFormProps) {
  return <RegistryForm key={freshFormKey(props.open, props.record)} {...props} />;
}

const INPUT_TYPES: Partial<Record<FieldCodec['kind'], string>> = { bizDate: 'date' };

function RegistryForm({ type, names, open, onOpenChange, record }: RegistryFormProps) {
  const { t } = useTranslation();
  const fields = formFields(type);
  const form = useForm<FormValues>({ defaultValues: formValuesOf(fields, record) });
  const errors = form.formState.errors;
  const fieldProps = useFieldProps(form, `${names.ns}.fields`);
  const save = useRecordSave({
    record,
    create: useCreateRecord<Record<string, unknown>, RegistryRow>(type.collection),
    update: useUpdateRecord<Record<string, unknown>, RegistryRow>(type.collection),
    fields: fields.map(([field]) => field),
    setError: form.setError,
    toasts: { created: `${names.ns}.toast.created`, updated: `${names.ns}.toast.updated` },
    onOpenChange,
  });
  const onSubmit = form.handleSubmit((values) => save.run(bodyOf(fields, values, Boolean(record))));

  return (
    <RecordFormDialog
      save={save}
      errors={errors}
      open={open}
      onOpenChange={onOpenChange}
      title={t(`${names.ns}.form.${record ? 'editTitle' : 'addTitle'}`)}
      onSubmit={onSubmit}
      submitLabel={record ? t('kit.actions.saveChanges') : t(`${names.ns}.add`)}
      testId={`${names.one}-form`}
    >
      {fields.map(([field, codec]) => {
        // The registry names the strings after the fields as they are spelled.
        const bound = fieldProps(field, { text: field });
        const testId = `${names.one}-${field.replaceAll('_', '-')}`;
        return codec.kind === 'bool' ? (
          <CheckboxField key={field} data-testid={testId} {...bound} />
        ) : (
          <TextField
            key={field}
            type={INPUT_TYPES[codec.kind] ?? 'text'}
            inputMode={NUMERIC.has(codec.kind) ? 'decimal' : undefined}
            data-testid={testId}
            {...bound}
          />
        );
      })}
    </RecordFormDialog>
  );
}
