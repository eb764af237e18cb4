import { ITEM_UNITS, permissionsFor, type Item } from '@siteledger/domain';
import { Package, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ManageTagsLink } from '../../components/manage-tags-link';
import { AddButton } from '../../components/plan-limit';
import { TagChips } from '../../components/tag-picker';
import { RowActions } from '../../components/ui/row-actions';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { formatQuantity, unitOptions } from '../../components/ui/quantity-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { useTags } from '../../lib/tags-api';
import { useDeleteItem, useItems } from './api';
import { ItemFormDialog } from './item-form-dialog';

const FILTERS = ['unit', 'tag'] as const;

function AveragePrice({ item }: { item: Item }) {
  const { t } = useTranslation();
  return item.total_delivered > 0 ? (
    <span className="font-medium">{formatRupees(item.average_price)}</span>
  ) : (
    <span className="text-fg-subtle" title={t('items.noDeliveries')}>
      —
    </span>
  );
}

export function ItemsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const list = useListParams({ sort: 'name', filters: FILTERS });
  const items = useItems(list.query);
  const tags = useTags('item_category');
  const remove = useDeleteItem();
  const [editing, setEditing] = useState<Item | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const openAdd = () => setAdding(true);
  const limit = usePlanLimit('items');
  useAddAction(openAdd, can.canCreate && !limit.blocked);

  const showActions = can.canUpdate || can.canDelete;
  const actions = (item: Item) => (
    <RowActions
      onEdit={can.canUpdate ? () => setEditing(item) : undefined}
      onDelete={
        can.canDelete
          ? () => {
              remove.reset();
              setDeleting(item);
            }
          : undefined
      }
      editLabel={t('items.editNamed', { name: item.name })}
      deleteLabel={t('items.deleteNamed', { name: item.name })}
      editTestId={`item-edit-${item.id}`}
      deleteTestId={`item-delete-${item.id}`}
    />
  );

  const columns: DataTableColumn<Item>[] = [
    {
      key: 'name',
      header: t('items.fields.name'),
      sortKey: 'name',
      cell: (item) => (
        <div className="min-w-0 max-w-xs">
          <p className="truncate font-medium text-fg">{item.name}</p>
          {item.description ? (
            <p className="truncate text-xs text-fg-muted">{item.description}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'unit',
      header: t('items.fields.unit'),
      sortKey: 'unit',
      cell: (item) => <span className="text-fg-muted">{item.unit}</span>,
    },
    {
      key: 'tags',
      header: t('items.fields.categories'),
      hideBelow: 'lg',
      cell: (item) => <TagChips tags={item.expand?.tags ?? []} max={2} />,
    },
    {
      key: 'stock',
      header: t('items.fields.stock'),
      align: 'right',
      cell: (item) => formatQuantity(item.stock_quantity, item.unit),
    },
    {
      key: 'delivered',
      header: t('items.fields.totalDelivered'),
      align: 'right',
      hideBelow: 'xl',
      cell: (item) => formatQuantity(item.total_delivered, item.unit),
    },
    {
      key: 'price',
      header: t('items.fields.averagePrice'),
      align: 'right',
      cell: (item) => <AveragePrice item={item} />,
    },
    ...(showActions
      ? [
          {
            key: 'actions',
            header: t('kit.actions.actions'),
            align: 'right' as const,
            headerClassName: 'sr-only',
            cell: actions,
          },
        ]
      : []),
  ];

  const mobileCard = (item: Item) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{item.name}</p>
          <p className="text-sm text-fg-muted">{item.unit}</p>
        </div>
        {actions(item)}
      </div>
      <TagChips tags={item.expand?.tags ?? []} max={4} />
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-fg-muted">{t('items.fields.stock')}</dt>
          <dd className="truncate font-medium tabular-nums text-fg">
            {formatQuantity(item.stock_quantity)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-fg-muted">{t('items.fields.delivered')}</dt>
          <dd className="truncate font-medium tabular-nums text-fg">
            {formatQuantity(item.total_delivered)}
          </dd>
        </div>
        <div className="min-w-0 text-right">
          <dt className="text-xs text-fg-muted">{t('items.fields.averagePrice')}</dt>
          <dd className="truncate tabular-nums text-fg">
            <AveragePrice item={item} />
          </dd>
        </div>
      </dl>
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('items.empty.filteredTitle')}
      description={t('items.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<Package />}
      title={t('items.empty.title')}
      description={t('items.empty.description')}
      action={
        can.canCreate ? (
          <AddButton resource="items" onClick={openAdd} label={t('items.add')} placement="empty" />
        ) : null
      }
    />
  );

  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const activeFilters = FILTERS.filter((name) => list.filters[name]).length;

  return (
    <div data-testid="page-items" data-tour="items-page">
      <PageHeader
        title={t('pages.items.title')}
        subtitle={t('pages.items.description')}
        actions={
          <>
            <ManageTagsLink type="item_category" />
            {can.canCreate ? (
              <AddButton
                resource="items"
                onClick={openAdd}
                label={t('items.add')}
                testId="item-add"
              />
            ) : null}
          </>
        }
      />
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('items.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={activeFilters}
        testId="items-toolbar"
        filters={
          <>
            <FilterSelect
              label={t('items.fields.unit')}
              value={list.filters.unit ?? ''}
              onChange={(value) => list.setFilter('unit', value)}
              allLabel={t('items.filters.allUnits')}
              options={unitOptions(t, ITEM_UNITS)}
              testId="items-filter-unit"
            />
            <FilterSelect
              label={t('items.fields.categories')}
              value={list.filters.tag ?? ''}
              onChange={(value) => list.setFilter('tag', value)}
              allLabel={t('items.filters.allCategories')}
              options={tagOptions}
              testId="items-filter-tag"
            />
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={items.data?.items}
        rowKey={(item) => item.id}
        loading={items.isPending}
        fetching={items.isPlaceholderData}
        error={items.error}
        onRetry={() => void items.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        rowHref={(item) => `/items/${item.id}`}
        mobileCard={mobileCard}
        empty={empty}
        label={t('pages.items.title')}
        testId="items-table"
        rowTestId={(item) => `item-row-${item.id}`}
      />
      {items.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={items.data.totalItems}
          totalPages={items.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={items.isPlaceholderData}
        />
      ) : null}

      <ItemFormDialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
        item={editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('items.delete.title')}
        description={t('items.delete.description', { name: deleting?.name ?? '' })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('items.toast.deleted', { name }));
            },
          });
        }}
        testId="item-delete-dialog"
      />
    </div>
  );
}
