import { permissionsFor, type Vendor } from '@siteledger/domain';
import { Phone, SearchX, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/plan-limit';
import { TagChips } from '../../components/tag-picker';
import { RowActions } from '../../components/ui/row-actions';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable, useMediaQuery, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { ManageTagsLink } from '../../components/manage-tags-link';
import { Pagination } from '../../components/ui/pagination';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { useTags } from '../../lib/tags-api';
import { useDeleteVendor, useVendors } from './api';
import { Outstanding } from './outstanding';
import { telHref } from './vendor-format';
import { VendorFormDialog } from './vendor-form-dialog';

const FILTERS = ['tag'] as const;

export function VendorsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const list = useListParams({ sort: 'name', filters: FILTERS });
  const vendors = useVendors(list.query);
  const tags = useTags('specialty');
  const remove = useDeleteVendor();
  // Tap-to-call where there is a phone to tap with; a click elsewhere opens the vendor.
  const touch = useMediaQuery('(pointer: coarse)');
  const [editing, setEditing] = useState<Vendor | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Vendor | null>(null);

  const openAdd = () => setAdding(true);
  const limit = usePlanLimit('vendors');
  useAddAction(openAdd, can.canCreate && !limit.blocked);

  const showActions = can.canUpdate || can.canDelete;
  const actions = (vendor: Vendor) => (
    <RowActions
      onEdit={can.canUpdate ? () => setEditing(vendor) : undefined}
      onDelete={
        can.canDelete
          ? () => {
              remove.reset();
              setDeleting(vendor);
            }
          : undefined
      }
      editLabel={t('vendors.editNamed', { name: vendor.name })}
      deleteLabel={t('vendors.deleteNamed', { name: vendor.name })}
      editTestId={`vendor-edit-${vendor.id}`}
      deleteTestId={`vendor-delete-${vendor.id}`}
    />
  );

  const columns: DataTableColumn<Vendor>[] = [
    {
      key: 'name',
      header: t('vendors.fields.name'),
      sortKey: 'name',
      cell: (vendor) => (
        <div className="min-w-0 max-w-xs">
          <p className="truncate font-medium text-fg">{vendor.name}</p>
          {vendor.company_name ? (
            <p className="truncate text-xs text-fg-muted">{vendor.company_name}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'contact',
      header: t('vendors.fields.contactPerson'),
      sortKey: 'contact_person',
      hideBelow: 'lg',
      cell: (vendor) =>
        vendor.contact_person ? (
          <span className="text-fg">{vendor.contact_person}</span>
        ) : (
          <span className="text-fg-subtle">—</span>
        ),
    },
    {
      key: 'phone',
      header: t('vendors.fields.phone'),
      cell: (vendor) =>
        vendor.phone && touch ? (
          <a
            href={telHref(vendor.phone)}
            className="whitespace-nowrap tabular-nums text-fg hover:text-primary hover:underline"
          >
            {vendor.phone}
          </a>
        ) : vendor.phone ? (
          <span className="whitespace-nowrap tabular-nums text-fg">{vendor.phone}</span>
        ) : (
          <span className="text-fg-subtle">—</span>
        ),
    },
    {
      key: 'specialties',
      header: t('vendors.fields.specialties'),
      hideBelow: 'xl',
      cell: (vendor) => <TagChips tags={vendor.expand?.tags ?? []} max={2} />,
    },
    {
      key: 'outstanding',
      header: t('vendors.fields.outstanding'),
      align: 'right',
      cell: (vendor) => <Outstanding amount={vendor.outstanding} advance={vendor.advance} />,
    },
    {
      key: 'paid',
      header: t('vendors.fields.totalPaid'),
      align: 'right',
      cell: (vendor) => <span className="text-fg">{formatRupees(vendor.total_paid)}</span>,
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

  const mobileCard = (vendor: Vendor) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{vendor.name}</p>
          {vendor.company_name || vendor.contact_person ? (
            <p className="truncate text-sm text-fg-muted">
              {[vendor.company_name, vendor.contact_person].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </div>
        {actions(vendor)}
      </div>
      <TagChips tags={vendor.expand?.tags ?? []} max={4} />
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-fg-muted">{t('vendors.fields.outstanding')}</dt>
          <dd className="truncate">
            <Outstanding amount={vendor.outstanding} advance={vendor.advance} align="start" />
          </dd>
        </div>
        <div className="min-w-0 text-right">
          <dt className="text-xs text-fg-muted">{t('vendors.fields.totalPaid')}</dt>
          <dd className="truncate tabular-nums text-fg">{formatRupees(vendor.total_paid)}</dd>
        </div>
      </dl>
      {vendor.phone ? (
        <a
          href={telHref(vendor.phone)}
          className="flex h-11 items-center justify-center gap-2 rounded-xl border border-border bg-surface text-[15px] font-medium text-fg shadow-card active:bg-surface-hover"
          aria-label={t('vendors.callNamed', { name: vendor.name, phone: vendor.phone })}
          data-testid={`vendor-call-${vendor.id}`}
        >
          <Phone className="size-4 text-primary" aria-hidden="true" />
          <span className="tabular-nums">{vendor.phone}</span>
        </a>
      ) : null}
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('vendors.empty.filteredTitle')}
      description={t('vendors.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<Store />}
      title={t('vendors.empty.title')}
      description={t('vendors.empty.description')}
      action={
        can.canCreate ? (
          <AddButton
            resource="vendors"
            onClick={openAdd}
            label={t('vendors.add')}
            placement="empty"
          />
        ) : null
      }
    />
  );

  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const activeFilters = FILTERS.filter((name) => list.filters[name]).length;

  return (
    <div data-testid="page-vendors" data-tour="vendors-page">
      <PageHeader
        title={t('pages.vendors.title')}
        subtitle={t('pages.vendors.description')}
        actions={
          <>
            <ManageTagsLink type="specialty" />
            {can.canCreate ? (
              <AddButton
                resource="vendors"
                onClick={openAdd}
                label={t('vendors.add')}
                testId="vendor-add"
              />
            ) : null}
          </>
        }
      />
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('vendors.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={activeFilters}
        testId="vendors-toolbar"
        filters={
          <FilterSelect
            label={t('vendors.fields.specialty')}
            value={list.filters.tag ?? ''}
            onChange={(value) => list.setFilter('tag', value)}
            allLabel={t('vendors.filters.allSpecialties')}
            options={tagOptions}
            testId="vendors-filter-tag"
          />
        }
      />
      <DataTable
        columns={columns}
        rows={vendors.data?.items}
        rowKey={(vendor) => vendor.id}
        loading={vendors.isPending}
        fetching={vendors.isPlaceholderData}
        error={vendors.error}
        onRetry={() => void vendors.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        rowHref={(vendor) => `/vendors/${vendor.id}`}
        mobileCard={mobileCard}
        empty={empty}
        label={t('pages.vendors.title')}
        testId="vendors-table"
        rowTestId={(vendor) => `vendor-row-${vendor.id}`}
      />
      {vendors.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={vendors.data.totalItems}
          totalPages={vendors.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={vendors.isPlaceholderData}
        />
      ) : null}

      <VendorFormDialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
        vendor={editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('vendors.delete.title')}
        description={t('vendors.delete.description', { name: deleting?.name ?? '' })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('vendors.toast.deleted', { name }));
            },
          });
        }}
        testId="vendor-delete-dialog"
      />
    </div>
  );
}
