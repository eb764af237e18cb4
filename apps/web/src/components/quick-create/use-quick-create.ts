/**
 * The form of a quick-create dialog (a vendor or an item added from inside another form): the
 * record's shared fields and schema (components/record-fields), created through POST
 * …/<collection>. Its submit stops at the dialog: the form underneath never sees it.
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
import { useCreateRecord } from '../../lib/site-records';
import { useRecordSave, type RecordSave } from '../ui/record-form-dialog';

export interface QuickCreateDialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What was typed in the picker: the new record's name to start with. */
  initialName: string;
  onCreated: (record: T) => void;
}

interface QuickCreateOptions<Input extends FieldValues, Values, Create, Field> {
  /** Names the collection (`<kind>s`), the texts (`quickCreate.<kind>`) and the test id. */
  kind: 'item' | 'vendor';
  schema: z.ZodType<Values, Input>;
  defaultValues: DefaultValues<Input>;
  body: (values: Values) => Create;
  fields: readonly Field[];
  toasts: { created: string; updated: string };
}

export function useQuickCreateForm<
  Input extends FieldValues,
  Values,
  Create,
  Saved,
  Field extends FieldPath<Input>,
>(
  { open, onOpenChange, onCreated }: QuickCreateDialogProps<Saved>,
  {
    kind,
    schema,
    defaultValues,
    body,
    fields,
    toasts,
  }: QuickCreateOptions<Input, Values, Create, Field>,
): {
  form: UseFormReturn<Input, unknown, Values>;
  dialog: {
    save: RecordSave<Create>;
    errors: UseFormReturn<Input, unknown, Values>['formState']['errors'];
    open: boolean;
    onOpenChange: (open: boolean) => void;
    title: string;
    description: string;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    submitLabel: string;
    testId: string;
  };
} {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, Values>({ resolver: zodResolver(schema), defaultValues });
  const save = useRecordSave({
    record: null,
    create: useCreateRecord<Create, Saved>(`${kind}s`),
    fields,
    setError: form.setError,
    toasts,
    onSaved: onCreated,
    onOpenChange,
  });
  const submit = form.handleSubmit((values) => save.run(body(values)));
  return {
    form,
    dialog: {
      save,
      errors: form.formState.errors,
      open,
      onOpenChange,
      title: t(`quickCreate.${kind}.title`),
      description: t(`quickCreate.${kind}.description`),
      onSubmit: (event) => {
        event.stopPropagation();
        void submit(event);
      },
      submitLabel: t(`quickCreate.${kind}.submit`),
      testId: `quick-${kind}-form`,
    },
  };
}
