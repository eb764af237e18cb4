/** The popover panel and search box every picker opens (record pickers, tag picker). */
import * as Popover from '@radix-ui/react-popover';
import { Search } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { afterPaint } from '../../lib/after-paint';
import { cn } from '../../lib/cn';

/**
 * The panel under the picker's button, as wide as it (at least 16rem). Its search box gets the
 * focus once the panel has painted: focusing in the opening frame forced style and layout of the
 * whole page before the panel could show (the vendor filter's tap, INP, issue 42).
 */
export function PickerPopoverContent({
  children,
  testId,
}: {
  children: ReactNode;
  testId?: string | undefined;
}) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="start"
        sideOffset={6}
        collisionPadding={8}
        className="z-[70] w-[var(--radix-popper-anchor-width)] min-w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-surface p-2 shadow-pop animate-pop-in focus:outline-none"
        data-testid={testId}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const panel = event.currentTarget;
          if (!(panel instanceof HTMLElement)) return;
          afterPaint(() => {
            if (panel.isConnected && !panel.contains(document.activeElement)) {
              panel.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
            }
          });
        }}
      >
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}

/** The search box at the top of the panel (focused once it has painted). */
export function PickerSearchInput({
  compact = false,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { compact?: boolean; 'data-testid'?: string }) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
        aria-hidden="true"
      />
      <input
        {...props}
        className={cn(
          'w-full rounded-lg border border-border bg-surface pl-8 pr-2 text-fg focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring',
          compact ? 'h-10 text-sm' : 'h-11 text-[15px] sm:h-10 sm:text-sm',
          className,
        )}
      />
    </div>
  );
}
