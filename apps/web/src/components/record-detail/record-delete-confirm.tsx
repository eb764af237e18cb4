import { useTranslation } from 'react-i18next';
import { DeleteConfirm, type DeleteTarget } from '../list-page/delete-confirm';
import type { DeleteMutation } from '../list-page/list-types';

/**
 * "Delete this …?" on a named record's detail page; once deleted: a toast and back to the list at
 * `/{ns}`. Strings `{ns}.delete.title|description` and `{ns}.toast.deleted` ({{name}}), test id
 * `{one}-delete-dialog`.
 */
export function RecordDeleteConfirm<T extends { id: string; name: string }>({
  ns,
  one,
  target,
  mutation,
}: {
  ns: string;
  one: string;
  target: DeleteTarget<T>;
  mutation: DeleteMutation;
}) {
  const { t } = useTranslation();
  return (
    <DeleteConfirm
      target={target}
      mutation={mutation}
      title={t(`${ns}.delete.title`)}
      description={t(`${ns}.delete.description`, { name: target.target?.name ?? '' })}
      toastMessage={(deleted) => t(`${ns}.toast.deleted`, { name: deleted.name })}
      leaveTo={`/${ns}`}
      testId={`${one}-delete-dialog`}
    />
  );
}
