/** Pieces the kit's dialogs share: the title block, the busy-aware close and the Cancel button. */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** The footer buttons' laptop size (they are large, thumb-sized, on phones). */
export const dialogButtonClassName = 'sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm';

/** The title and its description; without one the title describes the dialog to screen readers. */
export function DialogHeading({
  title,
  description,
  className = 'space-y-1',
  descriptionClassName = 'text-sm text-fg-muted',
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  descriptionClassName?: string;
}) {
  return (
    <div className={className}>
      <RadixDialog.Title className="text-lg font-semibold text-fg">{title}</RadixDialog.Title>
      <RadixDialog.Description className={description ? descriptionClassName : 'sr-only'}>
        {description || title}
      </RadixDialog.Description>
    </div>
  );
}

/**
 * The dialog's open-change: nothing closes it while `busy`; a guarded form asks before typed work
 * is thrown away.
 */
export function dialogOpenChange(
  onOpenChange: (open: boolean) => void,
  busy: boolean,
  guard?: { requestClose: () => void } | undefined,
) {
  return (next: boolean) => {
    if (!next && busy) return;
    if (!next && guard) guard.requestClose();
    else onOpenChange(next);
  };
}

/** Cancel (or the caller's word for it), off while busy. */
export function DialogCancel({
  onClick,
  busy,
  label,
  testId,
}: {
  onClick: () => void;
  busy: boolean;
  label?: ReactNode;
  testId?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="lg"
      className={dialogButtonClassName}
      onClick={onClick}
      disabled={busy}
      data-testid={testId ? `${testId}-cancel` : undefined}
    >
      {label ?? t('common.cancel')}
    </Button>
  );
}
