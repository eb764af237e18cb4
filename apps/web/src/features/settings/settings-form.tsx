import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

/**
 * A Settings card's form (what `useSiteSettingsForm` returns): its fields, then any error and the
 * Save button, off until something changed.
 */
export function SettingsForm<TInput extends FieldValues, TValues>({
  settings: { form, save, formError, submit },
  testId,
  saveLabel,
  children,
}: {
  settings: {
    form: UseFormReturn<TInput, unknown, TValues>;
    save: { isPending: boolean };
    formError: ReactNode;
    submit: (event?: BaseSyntheticEvent) => Promise<void>;
  };
  /** `<testId>-error` and `<testId>-save`. */
  testId: string;
  saveLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className="space-y-4" noValidate onSubmit={(event) => void submit(event)}>
      {children}
      {formError ? (
        <Alert tone="error" testId={`${testId}-error`}>
          {formError}
        </Alert>
      ) : null}
      <Button
        type="submit"
        loading={save.isPending}
        disabled={!form.formState.isDirty}
        data-testid={`${testId}-save`}
      >
        {saveLabel}
      </Button>
    </form>
  );
}
