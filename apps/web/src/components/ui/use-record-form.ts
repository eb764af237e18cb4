/**
 * An add-or-edit dialog's form in one call: react-hook-form on the form's zod schema, the guard
 * that asks before typed work is discarded (and keeps a new record's draft), and the save
 * (record-form-dialog.tsx). Spread `dialog` on RecordFormDialog:
 *
 *   const { form, dialog } = useRecordForm({ schema, defaultValues, body: accountBody, open,
 *     onOpenChange, record, draft: 'account', create: useCreateAccount(), update: …,
 *     fields: FIELDS, toasts, texts: 'accounts.form' });
 *   <RecordFormDialog {...dialog} description={…} testId="account-form"> <Fields form={form} />
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useRecordSave, type RecordSave, type RecordSaveOptions } from './record-form-dialog';
import { useFormGuard, type FormGuard } from './use-form-guard';

/**
 * A dialog's react-hook-form form on its zod schema, with the guard that asks before typed work
 * is discarded (and keeps a new entry's draft under `draft`; null keeps none). For the forms
 * whose save is their own (queued offline, several outcomes); the rest use useRecordForm.
 */
export function useGuardedForm<Input extends FieldValues, Values>({
  schema,
  defaultValues,
  open,
  onOpenChange,
  draft,
}: {
  schema: z.ZodType<Values, Input>;
  defaultValues: NoInfer<DefaultValues<Input>>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: string | null;
}): { form: UseFormReturn<Input, unknown, Values>; guard: FormGuard } {
  const form = useForm<Input, unknown, Values>({ resolver: zodResolver(schema), defaultValues });
  const guard = useFormGuard(form, { open, onClose: () => onOpenChange(false), draft });
  return { form, guard };
}

export interface RecordFormOptions<
  Input extends FieldValues,
  Values,
  Saved,
  Create,
  Update,
  Field extends FieldPath<Input>,
> extends Omit<RecordSaveOptions<Saved, Create, Update, Field>, 'setError' | 'guard'> {
  schema: z.ZodType<Values, Input>;
  defaultValues: NoInfer<DefaultValues<Input>>;
  /** What the POST or PATCH sends for the form's values. */
  body: (values: Values) => Create & Update;
  open: boolean;
  /** The kept draft's name while adding (an edit keeps none); null keeps none at all. */
  draft: string | null;
  /**
   * The i18n group of the dialog's texts: `<texts>.addTitle`/`.editTitle`, and `<texts>.add` on
   * the submit button while adding (editing says "Save changes").
   */
  texts: string;
}

export interface RecordForm<Input extends FieldValues, Values, Body> {
  form: UseFormReturn<Input, unknown, Values>;
  guard: FormGuard;
  save: RecordSave<Body>;
  /** RecordFormDialog's props that come from the form. */
  dialog: {
    save: RecordSave<Body>;
    guard: FormGuard;
    errors: UseFormReturn<Input, unknown, Values>['formState']['errors'];
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    title: string;
    submitLabel: string;
  };
}

export function useRecordForm<
  Input extends FieldValues,
  Values,
  Saved,
  Create,
  Update,
  Field extends FieldPath<Input>,
>({
  schema,
  defaultValues,
  body,
  open,
  draft,
  texts,
  ...saveOptions
}: RecordFormOptions<Input, Values, Saved, Create, Update, Field>): RecordForm<
  Input,
  Values,
  Create & Update
> {
  const { t } = useTranslation();
  const { record, onOpenChange } = saveOptions;
  // A new one's draft survives a reload; an edit keeps none.
  const { form, guard } = useGuardedForm({
    schema,
    defaultValues,
    open,
    onOpenChange,
    draft: record ? null : draft,
  });
  const save = useRecordSave({ ...saveOptions, guard, setError: form.setError });
  const onSubmit = form.handleSubmit((values) => save.run(body(values)));
  return {
    form,
    guard,
    save,
    dialog: {
      save,
      guard,
      errors: form.formState.errors,
      open,
      onOpenChange,
      onSubmit: (event) => void onSubmit(event),
      title: record ? t(`${texts}.editTitle`) : t(`${texts}.addTitle`),
      submitLabel: record ? t('kit.actions.saveChanges') : t(`${texts}.add`),
    },
  };
}
