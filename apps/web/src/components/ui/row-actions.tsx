import { Pencil, Trash2 } from 'lucide-react';
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
        <Button
          variant="ghost"
          size="icon"
          className="size-10 md:size-9"
          onClick={onEdit}
          aria-label={editLabel}
          data-testid={editTestId}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 hover:text-danger md:size-9"
          onClick={onDelete}
          aria-label={deleteLabel}
          data-testid={deleteTestId}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
