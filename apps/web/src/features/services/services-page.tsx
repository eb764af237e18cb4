import { permissionsFor, type Service } from '@siteledger/domain';
import { SearchX, Wrench } from 'lucide-react';
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
import { unitLabel } from '../../components/ui/quantity-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { useTags } from '../../lib/tags-api';
import { useDeleteService, useServices } from './api';
import { ServiceFormDialog } from './service-form-dialog';
import { ActiveBadge, CategoryLabel, categoryOptions, perUnit } from './service-labels';

const FILTERS = ['category', 'is_active', 'tag'] as const;

export function ServicesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const can = permissionsFor(useSession().role);
  const list = useListParams({ sort: 'name', filters: FILTERS });
  const services = useServices(list.query);
  const tags = useTags('service_category');
  const remove = useDeleteService();
  const [editing, setEditing] = useState<Service | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Service | null>(null);

  const openAdd = () => setAdding(true);
  const limit = usePlanLimit('services');
  useAddAction(openAdd, can.canCreate && !limit.blocked);

  const showActions = can.canUpdate || can.canDelete;
  const actions = (service: Service) => (
    <RowActions
      onEdit={can.canUpdate ? () => setEditing(service) : undefined}
      onDelete={
        can.canDelete
          ? () => {
              remove.reset();
              setDeleting(service);
            }
          : undefined
      }
      editLabel={t('services.editNamed', { name: service.name })}
      deleteLabel={t('services.deleteNamed', { name: service.name })}
      editTestId={`service-edit-${service.id}`}
      deleteTestId={`service-delete-${service.id}`}
    />
  );

  const rate = (service: Service) => (
    <span className="whitespace-nowrap">
      <span className="font-medium text-fg">{formatRupees(service.standard_rate)}</span>
      <span className="text-fg-muted"> / {perUnit(t, service.unit)}</span>
    </span>
  );

  const columns: DataTableColumn<Service>[] = [
    {
      key: 'name',
      header: t('services.fields.name'),
      sortKey: 'name',
      cell: (service) => (
        <div className="min-w-0 max-w-xs">
          <p className="truncate font-medium text-fg">{service.name}</p>
          {service.description ? (
            <p className="truncate text-xs text-fg-muted">{service.description}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'category',
      header: t('services.fields.category'),
      sortKey: 'category',
      cell: (service) => <CategoryLabel category={service.category} />,
    },
    {
      key: 'type',
      header: t('services.fields.type'),
      hideBelow: 'xl',
      cell: (service) =>
        service.service_type ? (
          <span className="text-fg-muted">{service.service_type}</span>
        ) : (
          <span className="text-fg-subtle">—</span>
        ),
    },
    {
      key: 'unit',
      header: t('services.fields.unit'),
      sortKey: 'unit',
      hideBelow: 'lg',
      cell: (service) => <span className="text-fg-muted">{unitLabel(t, service.unit)}</span>,
    },
    {
      key: 'rate',
      header: t('services.fields.standardRate'),
      sortKey: 'standard_rate',
      align: 'right',
      cell: rate,
    },
    {
      key: 'active',
      header: t('services.fields.status'),
      sortKey: 'is_active',
      firstDirection: 'desc',
      cell: (service) => (
        <ActiveBadge active={service.is_active} testId={`service-active-${service.id}`} />
      ),
    },
    {
      key: 'tags',
      header: t('services.fields.tags'),
      hideBelow: 'lg',
      cell: (service) => <TagChips tags={service.expand?.tags ?? []} max={2} />,
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

  const mobileCard = (service: Service) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{service.name}</p>
          <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-fg-muted">
            <CategoryLabel category={service.category} />
            {service.service_type ? <span>· {service.service_type}</span> : null}
          </p>
        </div>
        {actions(service)}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface-muted/70 px-3 py-2.5 text-sm tabular-nums">
        {rate(service)}
        <ActiveBadge active={service.is_active} />
      </div>
      <TagChips tags={service.expand?.tags ?? []} max={4} />
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('services.empty.filteredTitle')}
      description={t('services.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<Wrench />}
      title={t('services.empty.title')}
      description={t('services.empty.description')}
      action={
        can.canCreate ? (
          <AddButton
            resource="services"
            onClick={openAdd}
            label={t('services.add')}
            placement="empty"
          />
        ) : null
      }
    />
  );

  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const activeOptions = [
    { value: 'true', label: t('services.active') },
    { value: 'false', label: t('services.inactive') },
  ];
  const activeFilters = FILTERS.filter((name) => list.filters[name]).length;

  return (
    <div data-testid="page-services" data-tour="services-page">
      <PageHeader
        title={t('pages.services.title')}
        subtitle={t('pages.services.description')}
        actions={
          <>
            <ManageTagsLink type="service_category" />
            {can.canCreate ? (
              <AddButton
                resource="services"
                onClick={openAdd}
                label={t('services.add')}
                testId="service-add"
              />
            ) : null}
          </>
        }
      />
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('services.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={activeFilters}
        testId="services-toolbar"
        filters={
          <>
            <FilterSelect
              label={t('services.fields.category')}
              value={list.filters.category ?? ''}
              onChange={(value) => list.setFilter('category', value)}
              allLabel={t('services.filters.allCategories')}
              options={categoryOptions(t)}
              testId="services-filter-category"
            />
            <FilterSelect
              label={t('services.fields.status')}
              value={list.filters.is_active ?? ''}
              onChange={(value) => list.setFilter('is_active', value)}
              allLabel={t('services.filters.allStatuses')}
              options={activeOptions}
              testId="services-filter-active"
            />
            <FilterSelect
              label={t('services.fields.tags')}
              value={list.filters.tag ?? ''}
              onChange={(value) => list.setFilter('tag', value)}
              allLabel={t('services.filters.allTags')}
              options={tagOptions}
              testId="services-filter-tag"
            />
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={services.data?.items}
        rowKey={(service) => service.id}
        loading={services.isPending}
        fetching={services.isPlaceholderData}
        error={services.error}
        onRetry={() => void services.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        rowHref={(service) => `/services/${service.id}`}
        mobileCard={mobileCard}
        empty={empty}
        label={t('pages.services.title')}
        testId="services-table"
        rowTestId={(service) => `service-row-${service.id}`}
      />
      {services.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={services.data.totalItems}
          totalPages={services.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={services.isPlaceholderData}
        />
      ) : null}

      <ServiceFormDialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
        service={editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('services.delete.title')}
        description={t('services.delete.description', { name: deleting?.name ?? '' })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('services.toast.deleted', { name }));
            },
          });
        }}
        testId="service-delete-dialog"
      />
    </div>
  );
}
