/**
 * A record dialog whose save is its own (queued offline, several outcomes) in one call: the
 * guarded form (components/ui/use-record-form.ts useGuardedForm), what a successful save does
 * (useCloseOnSave) and the fields' props from the form's i18n group (useFieldProps).
 *
 *   const { form, closeSaved, fieldProps } = useDialogForm({ schema, defaultValues, open,
 *     onOpenChange, draft: 'stock-transfer', texts: 'stock.fields' });
 */
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useGuardedForm } from '../ui/use-record-form';
import { useCloseOnSave } from './use-close-on-save';
import { useFieldProps } from './use-field-props';

export function useDialogForm<Input extends FieldValues, Values>({
  texts,
  ...options
}: {
  schema: z.ZodType<Values, Input>;
  defaultValues: NoInfer<DefaultValues<Input>>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: string | null;
  /** The i18n group the fields' labels, placeholders and hints are in. */
  texts: string;
}) {
  const { form, guard } = useGuardedForm(options);
  const closeSaved = useCloseOnSave(guard, options.onOpenChange);
  const fieldProps = useFieldProps(form, texts);
  return { form, guard, closeSaved, fieldProps };
}
