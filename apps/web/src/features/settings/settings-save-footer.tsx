import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

/** A settings form's error and its Save button, off until something changed. */
export function SettingsSaveFooter({
  error,
  saving,
  dirty,
  testId,
  children,
}: {
  error: ReactNode;
  saving: boolean;
  dirty: boolean;
  /** `<testId>-error` and `<testId>-save`. */
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <Alert tone="error" testId={`${testId}-error`}>
          {error}
        </Alert>
      ) : null}
      <Button type="submit" loading={saving} disabled={!dirty} data-testid={`${testId}-save`}>
        {children}
      </Button>
    </>
  );
}
