/**
 * A form in a dialog: centred on laptops, a full-screen sheet on phones (sticky header and
 * footer, body scrolls). Focus is trapped; Escape, the close button, Cancel and a click outside
 * close it — except while `busy` (saving), when nothing closes it.
 *
 *   <FormDialog open={open} onOpenChange={setOpen} title={t('items.form.addTitle')}
 *     onSubmit={handleSubmit(save)} submitLabel={t('items.form.save')} busy={create.isPending}
 *     error={create.isError ? errorMessage(create.error, t) : null} testId="item-form-dialog">
 *     <TextField … /> …
 *   </FormDialog>
 *
 * The body is a <form>; Enter in a field submits. Children render only while open. Keep
 * `useForm` in a component that mounts with the dialog (or `reset()` on open) so each opening
 * starts fresh — see features/items/item-form-dialog.tsx.
 */
import type { FormEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { DialogActions, DialogFrame, keepOpenWhile, DialogHeading } from './dialog-parts';
import { SheetBody, SheetClose, sheetClasses, sheetFrame } from './sheet-parts';
import type { FormGuard } from './use-form-guard';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Saving: buttons show a spinner, nothing closes the dialog. */
  busy?: boolean;
  submitDisabled?: boolean;
  /** An error for the whole form, shown above the fields. */
  error?: ReactNode;
  /** Width on laptops. */
  size?: 'md' | 'lg' | 'xl';
  /** Extra footer content at the start (e.g. a live total). */
  footerStart?: ReactNode;
  /** Asks before typed work is discarded and keeps its draft (use-form-guard.ts). */
  guard?: FormGuard | undefined;
  testId?: string;
}

const widths = { md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' } as const;

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  onSubmit,
  submitLabel,
  cancelLabel,
  busy = false,
  submitDisabled = false,
  error,
  size = 'md',
  footerStart,
  guard,
  testId,
}: FormDialogProps) {
  const { change, frame } = sheetFrame({ open, onOpenChange, busy, guard, testId });
  return (
    <DialogFrame
      {...frame}
      onEscapeKeyDown={keepOpenWhile(busy)}
      onPointerDownOutside={keepOpenWhile(busy)}
      onInteractOutside={keepOpenWhile(busy)}
      className={sheetClasses(widths[size])}
    >
      <form
        onSubmit={onSubmit}
        onKeyDownCapture={guard?.noteInput}
        onPointerDownCapture={guard?.noteInput}
        noValidate
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="flex items-start justify-between gap-4 border-b border-border px-4 py-3.5 sm:border-0 sm:px-6 sm:pb-2 sm:pt-6">
          <DialogHeading title={title} description={description} className="min-w-0 space-y-1" />
          <SheetClose busy={busy} />
        </div>
        <SheetBody open={open} error={error} guard={guard} testId={testId}>
          {children}
        </SheetBody>
        <div
          className={cn(
            'flex flex-col-reverse gap-3 border-t border-border px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex-row sm:items-center sm:border-0 sm:px-6 sm:pb-6 sm:pt-2',
            footerStart ? 'sm:justify-between' : 'sm:justify-end',
          )}
        >
          {footerStart ? <div className="min-w-0 text-sm">{footerStart}</div> : null}
          <DialogActions
            className="flex flex-col-reverse gap-3 sm:flex-row"
            onCancel={() => change(false)}
            busy={busy}
            cancelLabel={cancelLabel}
            testId={testId}
            actionTestId="submit"
            type="submit"
            disabled={submitDisabled}
          >
            {submitLabel}
          </DialogActions>
        </div>
      </form>
    </DialogFrame>
  );
}
