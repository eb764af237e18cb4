import { useState } from 'react';
import type { DialogControl } from '../dialog-control';

/** The open state of a record's add/edit form dialog: `editing` is null while adding. */
export interface AddEditDialog<T> extends DialogControl {
  editing: T | null;
  openAdd: () => void;
  openEdit: (row: T) => void;
}

export function useAddEditDialog<T>(): AddEditDialog<T> {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  return {
    open: adding || editing !== null,
    editing,
    openAdd: () => setAdding(true),
    openEdit: setEditing,
    // Closing ends both adding and editing.
    onOpenChange: (open) => {
      if (!open) {
        setAdding(false);
        setEditing(null);
      }
    },
  };
}
