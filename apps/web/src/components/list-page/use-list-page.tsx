import { permissionsFor, type Permissions, type PlanResource } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../ui/data-table';
import { useAddAction } from '../ui/page-header';
import { RowActions } from '../ui/row-actions';
import { useListParams, type ListParams, type ListParamsDefaults } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { actionsColumn } from './actions-column';
import { useDeleteTarget, type DeleteTarget } from './delete-confirm';
import type { DeleteMutation, ListNames } from './list-types';
import { useAddEditDialog, type AddEditDialog } from './use-add-edit-dialog';

export interface ListPageOptions<T> {
  names: ListNames;
  /** The plan-limited resource the add button creates. */
  resource: PlanResource;
  /** Default sort, e.g. '-delivery_date'. */
  sort?: string;
  /** The list's equality filters (a constant array), kept in the URL. */
  filters?: readonly string[];
  /** A link that opens the page's form; its parameters are not the list's filters. */
  opener?: ListParamsDefaults['opener'];
  /** Adding without the add/edit form state (e.g. a dialog opened from the URL). */
  onAdd?: () => void;
  /** The row's name in the edit and delete buttons' labels. */
  rowName?: (row: T) => string;
  /** Deleting through the skeleton's confirmation (`{ns}.delete.*`, `{ns}.toast.deleted`). */
  remove?: DeleteMutation;
  /** Values for the delete strings; default `{ name: rowName(row) }`. */
  deleteValues?: (row: T) => Record<string, string>;
  /** The role's permissions here, when the business's role settings change them (issue 47). */
  can?: Permissions;
}

export interface ListPageState<T> {
  names: ListNames;
  resource: PlanResource;
  list: ListParams;
  can: Permissions;
  /** May add now: the role creates and the plan is not at its limit. */
  canAdd: boolean;
  openAdd: () => void;
  form: AddEditDialog<T>;
  deleting: DeleteTarget<T>;
  remove: DeleteMutation | undefined;
  deleteValues: (row: T) => Record<string, string>;
  /** Edit and delete buttons for a row, as the role allows (nothing when neither). */
  actions: (row: T) => ReactNode;
  /** The actions column to end the columns with; none when the role may neither edit nor delete. */
  actionsColumn: DataTableColumn<T>[];
}

/**
 * A list page's state: the URL's list parameters, the role, the plan-limited add (also on
 * Alt+Shift+N), the add/edit dialog, the delete confirmation and the row actions. Render it with
 * `<ListPage page={…} />`.
 */
export function useListPage<T extends { id: string }>(
  options: ListPageOptions<T>,
): ListPageState<T> {
  const { t } = useTranslation();
  const { names, resource, remove, rowName = () => '' } = options;
  const role = useSession().role;
  const can = options.can ?? permissionsFor(role);
  const list = useListParams({
    sort: options.sort,
    filters: options.filters,
    opener: options.opener,
  });
  const form = useAddEditDialog<T>();
  const deleting = useDeleteTarget<T>(remove);
  const limit = usePlanLimit(resource);
  const canAdd = can.canCreate && !limit.blocked;
  const openAdd = options.onAdd ?? form.openAdd;
  useAddAction(openAdd, canAdd);

  const actions = (row: T) => (
    <RowActions
      onEdit={can.canUpdate ? () => form.openEdit(row) : undefined}
      onDelete={can.canDelete ? () => deleting.ask(row) : undefined}
      editLabel={t(`${names.ns}.editNamed`, { name: rowName(row) })}
      deleteLabel={t(`${names.ns}.deleteNamed`, { name: rowName(row) })}
      editTestId={`${names.one}-edit-${row.id}`}
      deleteTestId={`${names.one}-delete-${row.id}`}
    />
  );

  return {
    names,
    resource,
    list,
    can,
    canAdd,
    openAdd,
    form,
    deleting,
    remove,
    deleteValues: options.deleteValues ?? ((row) => ({ name: rowName(row) })),
    actions,
    actionsColumn: can.canUpdate || can.canDelete ? [actionsColumn(t, actions)] : [],
  };
}
