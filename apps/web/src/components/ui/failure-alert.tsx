import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';

/** A failed query's or mutation's message (the server's words, else the generic one), if it failed. */
export function FailureAlert({
  failed,
  testId,
  className,
}: {
  failed: { isError: boolean; error: unknown };
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!failed.isError) return null;
  return (
    <Alert tone="error" testId={testId} className={className}>
      {errorMessage(failed.error, t)}
    </Alert>
  );
}
