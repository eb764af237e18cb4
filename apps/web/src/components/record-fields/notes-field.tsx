/**
 * A form's optional notes box, bound to the form field `name` ("notes" unless told) with its
 * message under it: the free text most records end with (a delivery's, an order's, a refund's…).
 */
import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldError } from '../../lib/form';
import { TextAreaField, type TextAreaFieldProps } from '../ui/textarea-field';

export function NotesField<Input extends FieldValues, Values extends FieldValues>({
  form,
  name = 'notes',
  ...props
}: Omit<TextAreaFieldProps, 'error' | 'optional' | 'name' | 'form'> & {
  form: UseFormReturn<Input, unknown, Values>;
  name?: string;
}) {
  const { t } = useTranslation();
  // The forms name the field "notes" (or pass its name); the generic form cannot know it.
  const path = name as FieldPath<Input>;
  return (
    <TextAreaField
      optional
      error={fieldError(t, form.getFieldState(path, form.formState).error)}
      {...props}
      {...form.register(path)}
    />
  );
}
