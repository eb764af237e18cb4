import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';

/**
 * One line of a form with lines (a delivery's, a purchase order's, a material request's): the
 * numbered card with its remove button; the fields go inside. Test ids: `<testId>` on the card,
 * `<testId>-remove` on the button.
 */
export function LineCard({
  label,
  removeLabel,
  onRemove,
  testId,
  children,
}: {
  /** "Item 2". */
  label: string;
  /** The remove button's accessible name; no button without `onRemove`. */
  removeLabel: string;
  onRemove?: (() => void) | undefined;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li
      className="rounded-xl border border-border bg-surface-muted/40 p-3 sm:p-4"
      data-testid={testId}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{label}</p>
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            className="-my-1 size-10 hover:text-danger sm:size-9"
            onClick={onRemove}
            aria-label={removeLabel}
            data-testid={`${testId}-remove`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {children}
    </li>
  );
}
