import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The edit and delete icon buttons at the end of a list row. Pass a handler only when the role
 * may do it (spec part 6: delete buttons are hidden otherwise); with neither, nothing renders.
 */
export function RowActions({
  onEdit,
  onDelete,
  editLabel,
  deleteLabel,
  editTestId,
  deleteTestId,
}: {
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  editLabel: string;
  deleteLabel: string;
  editTestId?: string;
  deleteTestId?: string;
}) {
  if (!onEdit && !onDelete) return null;
  return (
    <div className="flex justify-end gap-1">
      {onEdit ? (
        <RowButton
          onClick={onEdit}
          label={editLabel}
          testId={editTestId}
          className="size-10 md:size-9"
        >
          <Pencil className="size-4" aria-hidden="true" />
        </RowButton>
      ) : null}
      {onDelete ? (
        <RowButton
          onClick={onDelete}
          label={deleteLabel}
          testId={deleteTestId}
          className="size-10 hover:text-danger md:size-9"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </RowButton>
      ) : null}
    </div>
  );
}

/** One icon button of the row, named by `label` for screen readers. */
function RowButton({
  onClick,
  label,
  testId,
  className,
  children,
}: {
  onClick: () => void;
  label: string;
  testId: string | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
