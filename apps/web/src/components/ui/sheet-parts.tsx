/**
 * The parts FormDialog and StepDialog share: a full-screen sheet on phones, centred on laptops,
 * with a close button that is off while saving and a scrolling body.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Alert } from './alert';
import { dialogOpenChange } from './dialog-parts';
import { DiscardPrompt, DraftRestoredNote } from './form-guard-parts';
import type { FormGuard } from './use-form-guard';

/**
 * What a sheet gives its DialogFrame: nothing closes it while `busy`, and a guarded form asks
 * before typed work is thrown away (the prompt rides after the frame). `change` is the
 * open-change the sheet's own Cancel uses.
 */
export function sheetFrame({
  open,
  onOpenChange,
  busy,
  guard,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  guard: FormGuard | undefined;
  testId: string | undefined;
}) {
  const change = dialogOpenChange(onOpenChange, busy, guard);
  return {
    change,
    frame: {
      open,
      onOpenChange: change,
      sheet: true,
      after: guard ? <DiscardPrompt guard={guard} /> : null,
      testId,
      'aria-busy': busy || undefined,
    },
  };
}

/** The sheet's box: the whole screen on a phone, a centred card `width` wide on a laptop. */
export const sheetClasses = (width: string) =>
  cn(
    'fixed inset-0 z-50 flex flex-col bg-surface focus:outline-none',
    'sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[calc(100dvh-3rem)] sm:w-[calc(100vw-3rem)] sm:-translate-x-1/2 sm:-translate-y-1/2',
    'sm:rounded-2xl sm:border sm:border-border sm:shadow-pop animate-pop-in',
    width,
  );

/** The sheet's × in its top corner. */
export function SheetClose({ busy, testId }: { busy: boolean; testId?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Close
      disabled={busy}
      className="-mr-1.5 flex size-10 shrink-0 items-center justify-center rounded-lg text-fg-subtle hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:opacity-50 sm:-mt-1 sm:size-9"
      aria-label={t('common.close')}
      data-testid={testId}
    >
      <X className="size-5" aria-hidden="true" />
    </RadixDialog.Close>
  );
}

/** The scrolling body: the form's error, the restored-draft note, then the fields while open. */
export const SheetBody = forwardRef<
  HTMLDivElement,
  {
    open: boolean;
    error?: ReactNode;
    guard?: FormGuard | undefined;
    className?: string;
    testId?: string | undefined;
    children: ReactNode;
  }
>(function SheetBody({ open, error, guard, className, testId, children }, ref) {
  return (
    <div
      ref={ref}
      className={cn('min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4 sm:px-6', className)}
    >
      {error ? (
        <Alert tone="error" testId={testId ? `${testId}-error` : undefined}>
          {error}
        </Alert>
      ) : null}
      {open && guard ? <DraftRestoredNote guard={guard} /> : null}
      {open ? children : null}
    </div>
  );
});
