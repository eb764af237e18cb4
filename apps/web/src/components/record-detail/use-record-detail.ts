import { permissionsFor } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../lib/session';
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

/**
 * A detail page at `/…/:id`: its record's query and delete, the edit and delete state, the
 * viewer's permissions and the way back (`back.labelKey` translated).
 */
export function useDetailPage<Q extends { data: unknown }>(
  api: {
    useRecord: (id: string) => Q;
    useDelete: () => DeleteMutation & { isSuccess: boolean };
  },
  back: { to: string; labelKey: string },
) {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const can = permissionsFor(useSession().role);
  const query = api.useRecord(id);
  const remove = api.useDelete();
  const detail = useRecordDetail(query.data as Exclude<Q['data'], undefined> | undefined, remove);
  return {
    ...detail,
    id,
    t,
    i18n,
    can,
    query,
    remove,
    back: { to: back.to, label: t(back.labelKey) },
  };
}
