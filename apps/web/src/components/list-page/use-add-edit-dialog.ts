import { useState } from 'react';

/** The open state of a record's add/edit form dialog: `editing` is null while adding. */
export interface AddEditDialog<T> {
  open: boolean;
  editing: T | null;
  openAdd: () => void;
  openEdit: (row: T) => void;
  /** For the dialog's `onOpenChange`: closing ends both adding and editing. */
  onOpenChange: (open: boolean) => void;
}

export function useAddEditDialog<T>(): AddEditDialog<T> {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  return {
    open: adding || editing !== null,
    editing,
    openAdd: () => setAdding(true),
    openEdit: setEditing,
    onOpenChange: (open) => {
      if (!open) {
        setAdding(false);
        setEditing(null);
      }
    },
  };
}
