/** Pieces the kit's dialogs share: the title block, the busy-aware close and the Cancel/action buttons. */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from './button';

type ContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content>;

/**
 * Root, portal, dimmed overlay and content. A `sheet` fills a phone's screen, so its overlay shows
 * from the small breakpoint up only. `after` renders beside the content (a nested prompt).
 */
export function DialogFrame({
  open,
  onOpenChange,
  sheet = false,
  after,
  testId,
  children,
  ...content
}: ContentProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sheet?: boolean;
  after?: ReactNode;
  testId?: string | undefined;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={cn(
            'fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in',
            sheet && 'hidden sm:block',
          )}
        />
        <RadixDialog.Content data-testid={testId} {...content}>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
      {after}
    </RadixDialog.Root>
  );
}

/** An escape or outside-click handler that keeps the dialog open while it saves. */
export const keepOpenWhile =
  (busy: boolean) =>
  (event: Event): void => {
    if (busy) event.preventDefault();
  };

/** The footer buttons' laptop size (they are large, thumb-sized, on phones). */
const dialogButtonClassName = 'sm:h-10 sm:rounded-lg sm:px-4 sm:text-sm';

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

/**
 * A dialog's buttons: Cancel (or the caller's word for it), off while busy, then the action
 * (`<testId>-<actionTestId>`), spinning while busy; the rest of the props go to the action.
 */
export function DialogActions({
  onCancel,
  busy,
  cancelLabel,
  testId,
  actionTestId,
  className,
  ...action
}: Omit<ButtonProps, 'className'> & {
  onCancel: () => void;
  busy: boolean;
  cancelLabel?: ReactNode;
  testId?: string | undefined;
  actionTestId: string;
  /** The row around both buttons. */
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <Button
        variant="secondary"
        size="lg"
        className={dialogButtonClassName}
        onClick={onCancel}
        disabled={busy}
        data-testid={testId ? `${testId}-cancel` : undefined}
      >
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button
        size="lg"
        className={dialogButtonClassName}
        loading={busy}
        data-testid={testId ? `${testId}-${actionTestId}` : undefined}
        {...action}
      />
    </div>
  );
}
