/**
 * "Delete this item?" — a small destructive confirmation. Stays open while `busy`; show the
 * server's refusal (e.g. 409 RECORD_IN_USE) in `error` and keep the dialog open.
 *
 *   <ConfirmDialog open={Boolean(target)} onOpenChange={(o) => !o && setTarget(null)}
 *     title={t('items.delete.title')} description={t('items.delete.body', { name })}
 *     confirmLabel={t('kit.actions.delete')} busy={remove.isPending}
 *     error={remove.isError ? errorMessage(remove.error, t) : null}
 *     onConfirm={() => remove.mutate(target.id, { onSuccess: close })} testId="item-delete-dialog" />
 */
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Alert } from './alert';
import {
  DialogActions,
  DialogFrame,
  keepOpenWhile,
  DialogHeading,
  dialogOpenChange,
} from './dialog-parts';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  busy?: boolean;
  error?: ReactNode;
  /** danger (default) for deletes; primary for harmless confirmations. */
  tone?: 'danger' | 'primary';
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
  testId?: string;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
  error,
  tone = 'danger',
  children,
  testId,
}: ConfirmDialogProps) {
  const change = dialogOpenChange(onOpenChange, busy);
  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      testId={testId}
      role="alertdialog"
      aria-busy={busy || undefined}
      onEscapeKeyDown={keepOpenWhile(busy)}
      onInteractOutside={keepOpenWhile(busy)}
      className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-5 shadow-pop animate-pop-in focus:outline-none sm:p-6"
    >
      <div className="flex gap-4">
        <span
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-full',
            tone === 'danger'
              ? 'bg-danger-soft text-danger-soft-fg'
              : 'bg-primary-soft text-primary-soft-fg',
          )}
        >
          <TriangleAlert className="size-5" aria-hidden="true" />
        </span>
        <DialogHeading
          title={title}
          description={description}
          className="min-w-0 space-y-1.5 pt-1"
          descriptionClassName="text-sm leading-relaxed text-fg-muted"
        />
      </div>
      {children ? <div className="mt-4">{children}</div> : null}
      {error ? (
        <Alert tone="error" className="mt-4" testId={testId ? `${testId}-error` : undefined}>
          {error}
        </Alert>
      ) : null}
      <DialogActions
        className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        onCancel={() => change(false)}
        busy={busy}
        cancelLabel={cancelLabel}
        testId={testId}
        actionTestId="confirm"
        variant={tone === 'danger' ? 'danger' : 'primary'}
        onClick={onConfirm}
      >
        {confirmLabel}
      </DialogActions>
    </DialogFrame>
  );
}
