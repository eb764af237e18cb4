import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../ui/button';

/**
 * A form's buttons from the right: Cancel (when there is `onCancel`; off while `busy`), then the
 * form's own. A phone stacks them, the form's own on top.
 */
export function FormActions({
  onCancel,
  busy,
  cancelVariant = 'ghost',
  className = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
  children,
}: {
  onCancel?: (() => void) | undefined;
  busy: boolean;
  cancelVariant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      {onCancel ? (
        <Button variant={cancelVariant} onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
