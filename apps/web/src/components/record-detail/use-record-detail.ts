import { useState } from 'react';
import { useDeleteTarget, type DeleteTarget } from '../list-page/delete-confirm';
import type { DeleteMutation } from '../list-page/list-types';
import { useKeptRecord } from './use-kept-record';

export interface RecordDetail<T> {
  /** The record on screen (kept while its delete settles); undefined while loading or failed. */
  record: T | undefined;
  /** True from the delete's start: the page is about to leave. */
  deleting: boolean;
  editing: boolean;
  setEditing: (open: boolean) => void;
  confirm: DeleteTarget<T>;
}

/** A detail page's state around its record: the edit dialog and the delete confirmation. */
export function useRecordDetail<T>(
  data: T | undefined,
  remove: DeleteMutation & { isSuccess: boolean },
): RecordDetail<T> {
  const [editing, setEditing] = useState(false);
  const confirm = useDeleteTarget<T>(remove);
  const deleting = remove.isPending || remove.isSuccess;
  const record = useKeptRecord(data, deleting);
  return { record, deleting, editing, setEditing, confirm };
}
