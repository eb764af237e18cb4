import { isListExported, recordTypeOf } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/page-header';
import { DeleteConfirm } from './delete-confirm';
import { ListAddButton } from './list-add-button';
import { ListExportButton } from './list-export-button';
import { ListSection, type ListSectionProps } from './list-section';
import type { ListPageState } from './use-list-page';

export interface ListPageProps<T extends { id: string }> extends Omit<
  ListSectionProps<T>,
  'list' | 'names' | 'empty' | 'emptyIcon' | 'emptyAction'
> {
  page: ListPageState<T>;
  /** The icon of the "nothing here yet" state. */
  emptyIcon: ReactNode;
  /** Header buttons before the add button (e.g. "Manage tags"). */
  headerActions?: ReactNode;
  /** Between the header and the list (tabs). */
  tabs?: ReactNode;
  /** Shown instead of the list (another tab). */
  content?: ReactNode;
  /** The dialogs the page opens: its add/edit form, a view dialog… */
  dialogs?: ReactNode;
}

/**
 * The list-page skeleton: header with the plan-limited add button, search and filters, the table
 * (cards on phones) with its empty states, pagination, the page's dialogs and the delete
 * confirmation. Strings and test ids follow `ListNames`.
 *
 *   const page = useListPage<Item>({ names, resource: 'items', sort: 'name', filters, remove });
 *   const items = useItems(page.list.query);
 *   <ListPage page={page} query={items} columns={…} mobileCard={…} filterBy={[…]}
 *     emptyIcon={<Package />} dialogs={<ItemFormDialog open={page.form.open} … />} />
 */
export function ListPage<T extends { id: string }>({
  page,
  emptyIcon,
  headerActions,
  tabs,
  content,
  dialogs,
  ...section
}: ListPageProps<T>) {
  const { t } = useTranslation();
  const { names, can, list, remove } = page;
  const pageId = names.page ?? names.many;
  const addButton = (placement: 'header' | 'empty') =>
    can.canCreate ? (
      <ListAddButton
        resource={page.resource}
        onClick={page.openAdd}
        label={t(`${names.ns}.add`)}
        testId={placement === 'header' ? `${names.one}-add` : undefined}
        placement={placement}
      />
    ) : null;
  const target = page.deleting.target;
  // Every list whose registry entry allows it downloads as CSV or Excel (issue 41); a desk task,
  // so a phone keeps its header to the add button.
  const type = recordTypeOf(page.resource);
  const exportButton =
    type && isListExported(type) ? (
      <div className="hidden sm:block">
        <ListExportButton
          collection={type.collection}
          query={list.query}
          testId={`${pageId}-export`}
        />
      </div>
    ) : null;

  return (
    <div data-testid={`page-${pageId}`} data-tour={`${pageId}-page`}>
      <PageHeader
        title={t(`pages.${names.ns}.title`)}
        subtitle={t(`pages.${names.ns}.description`)}
        actions={
          <>
            {exportButton}
            {headerActions}
            {addButton('header')}
          </>
        }
      />
      {tabs}
      {content ?? (
        <ListSection
          {...section}
          list={list}
          names={names}
          emptyIcon={emptyIcon}
          emptyAction={addButton('empty')}
        />
      )}
      {dialogs}
      {remove ? (
        <DeleteConfirm
          target={page.deleting}
          mutation={remove}
          title={t(`${names.ns}.delete.title`)}
          description={target ? t(`${names.ns}.delete.description`, page.deleteValues(target)) : ''}
          toastMessage={(row) => t(`${names.ns}.toast.deleted`, page.deleteValues(row))}
          testId={`${names.one}-delete-dialog`}
        />
      ) : null}
    </div>
  );
}
