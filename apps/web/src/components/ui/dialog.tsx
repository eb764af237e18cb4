import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { DialogFrame, DialogHeading } from './dialog-parts';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/** A centred modal dialog: focus is trapped, Escape and the close button dismiss it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  testId,
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      testId={testId}
      className={cn(
        'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
        'rounded-2xl border border-border bg-surface p-5 shadow-pop animate-pop-in sm:p-6',
        'focus:outline-none',
        className,
      )}
    >
      <div className="mb-5 flex items-start justify-between gap-4">
        <DialogHeading title={title} description={description} />
        <RadixDialog.Close
          className="-mr-1 -mt-1 rounded-lg p-1.5 text-fg-subtle hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          aria-label={t('common.close')}
        >
          <X className="size-5" />
        </RadixDialog.Close>
      </div>
      {children}
    </DialogFrame>
  );
}
