import {
  QUOTATION_TYPES,
  type Permissions,
  type Quotation,
  type QuotationType,
} from '@siteledger/domain';
import { FileText, Package, Pencil, Plus, Scale, SearchX, Trash2, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { Pagination } from '../../components/ui/pagination';
import { formatQuantity } from '../../components/ui/quantity-field';
import { StatusBadge, statusOptions } from '../../components/ui/status-badge';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useQuotations } from './api';
import { useQuotationChoices } from './quotation-choices';
import { formatDay, perUnit } from './quotation-format';

const FILTERS = ['vendor', 'quotation_type', 'status', 'item', 'service'] as const;

export interface QuotationActions {
  can: Permissions;
  onAdd: () => void;
  onEdit: (quotation: Quotation) => void;
  onDelete: (quotation: Quotation) => void;
  onCompare: (type: QuotationType, id: string) => void;
}

const targetOf = (q: Quotation) =>
  q.quotation_type === 'item' ? q.expand?.item : q.expand?.service;
const targetId = (q: Quotation) => (q.quotation_type === 'item' ? q.item : q.service) ?? '';

export function TypeIcon({ type }: { type: QuotationType }) {
  const Icon = type === 'item' ? Package : Wrench;
  return <Icon className="size-3.5 shrink-0 text-fg-subtle" aria-hidden="true" />;
}

/** All quotations of the site: search notes; filter by vendor, type, status, item or service. */
export function QuotationList({ can, onAdd, onEdit, onDelete, onCompare }: QuotationActions) {
  const { t, i18n } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const list = useListParams({ sort: '-created', filters: FILTERS });
  const quotations = useQuotations(list.query);
  const choices = useQuotationChoices();
  const serviceFilter = list.filters.quotation_type === 'service';

  // Type and target change together: a service list has no item filter and the reverse.
  const setType = (value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of ['quotation_type', 'item', 'service', 'page']) next.delete(key);
      if (value) next.set('quotation_type', value);
      return next;
    });

  /** Compare, edit, delete; on phone cards the compare button carries its label. */
  const actions = (q: Quotation, labelled = false) => (
    <div className={labelled ? 'flex items-center gap-1' : 'flex justify-end gap-1'}>
      {targetId(q) ? (
        <Button
          variant="ghost"
          size={labelled ? 'sm' : 'icon'}
          className={labelled ? '-ml-2 mr-auto h-10 px-2 text-primary' : 'size-10 md:size-9'}
          icon={labelled ? <Scale className="size-4" aria-hidden="true" /> : undefined}
          onClick={() => onCompare(q.quotation_type, targetId(q))}
          aria-label={t('quotations.compareNamed', { name: targetOf(q)?.name ?? '' })}
          title={t('quotations.compareNamed', { name: targetOf(q)?.name ?? '' })}
          data-testid={`quotation-compare-${q.id}`}
        >
          {labelled ? (
            t('quotations.tabs.compare')
          ) : (
            <Scale className="size-4" aria-hidden="true" />
          )}
        </Button>
      ) : null}
      {can.canUpdate ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 md:size-9"
          onClick={() => onEdit(q)}
          aria-label={t('quotations.editNamed', { name: q.expand?.vendor?.name ?? '' })}
          data-testid={`quotation-edit-${q.id}`}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
      {can.canDelete ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-10 hover:text-danger md:size-9"
          onClick={() => onDelete(q)}
          aria-label={t('quotations.deleteNamed', { name: q.expand?.vendor?.name ?? '' })}
          data-testid={`quotation-delete-${q.id}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );

  const price = (q: Quotation) => (
    <span className="whitespace-nowrap">
      <span className="font-semibold text-fg">{formatRupees(q.unit_price)}</span>
      <span className="text-xs text-fg-muted">{perUnit(targetOf(q)?.unit)}</span>
    </span>
  );
  const minQty = (q: Quotation) =>
    q.minimum_quantity !== null ? (
      formatQuantity(q.minimum_quantity, targetOf(q)?.unit)
    ) : (
      <span className="text-fg-subtle">—</span>
    );
  const validity = (q: Quotation) =>
    q.valid_until ? (
      <span className={q.status === 'expired' ? 'text-fg-muted line-through' : undefined}>
        {formatDay(q.valid_until, i18n.language)}
      </span>
    ) : (
      <span className="text-fg-subtle">{t('quotations.noExpiry')}</span>
    );
  const target = (q: Quotation) => (
    <span className="flex min-w-0 items-center gap-1.5">
      <TypeIcon type={q.quotation_type} />
      <span className="truncate">{targetOf(q)?.name ?? '—'}</span>
    </span>
  );

  const columns: DataTableColumn<Quotation>[] = [
    {
      key: 'vendor',
      header: t('quotations.fields.vendor'),
      cell: (q) => (
        <div className="min-w-0 max-w-56">
          <p className="truncate font-medium text-fg">{q.expand?.vendor?.name ?? '—'}</p>
          {q.expand?.vendor?.company_name ? (
            <p className="truncate text-xs text-fg-muted">{q.expand.vendor.company_name}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'target',
      header: t('quotations.fields.target'),
      cell: (q) => (
        <div className="min-w-0 max-w-56">
          <p className="truncate text-fg">{targetOf(q)?.name ?? '—'}</p>
          <p className="flex items-center gap-1 text-xs text-fg-muted">
            <TypeIcon type={q.quotation_type} />
            {t(`quotations.types.${q.quotation_type}`)}
          </p>
        </div>
      ),
    },
    {
      key: 'price',
      header: t('quotations.fields.unitPrice'),
      sortKey: 'unit_price',
      align: 'right',
      cell: price,
    },
    {
      key: 'minimum',
      header: t('quotations.fields.minQty'),
      align: 'right',
      hideBelow: 'lg',
      cell: minQty,
    },
    {
      key: 'valid',
      header: t('quotations.fields.validUntil'),
      sortKey: 'valid_until',
      cell: (q) => <span className="whitespace-nowrap">{validity(q)}</span>,
    },
    {
      key: 'status',
      header: t('quotations.fields.status'),
      sortKey: 'status',
      cell: (q) => <StatusBadge kind="quotation" status={q.status} />,
    },
    {
      key: 'actions',
      header: t('kit.actions.actions'),
      align: 'right',
      headerClassName: 'sr-only',
      cell: actions,
    },
  ];

  const mobileCard = (q: Quotation) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{q.expand?.vendor?.name}</p>
          <div className="text-sm text-fg-muted">{target(q)}</div>
        </div>
        <StatusBadge kind="quotation" status={q.status} />
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-fg-muted">{t('quotations.fields.unitPrice')}</dt>
          <dd className="truncate tabular-nums">{price(q)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-fg-muted">{t('quotations.fields.minQty')}</dt>
          <dd className="truncate tabular-nums text-fg">{minQty(q)}</dd>
        </div>
        <div className="min-w-0 text-right">
          <dt className="text-xs text-fg-muted">{t('quotations.fields.validUntil')}</dt>
          <dd className="truncate text-fg">{validity(q)}</dd>
        </div>
      </dl>
      <div className="-mb-1">{actions(q, true)}</div>
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('quotations.empty.filteredTitle')}
      description={t('quotations.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<FileText />}
      title={t('quotations.empty.title')}
      description={t('quotations.empty.description')}
      action={
        can.canCreate ? (
          <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={onAdd}>
            {t('quotations.add')}
          </Button>
        ) : null
      }
    />
  );

  const asOptions = (options: { value: string; label: string }[]) =>
    options.map(({ value, label }) => ({ value, label }));
  const activeFilters = FILTERS.filter((name) => list.filters[name]).length;
  return (
    <>
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('quotations.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={activeFilters}
        testId="quotations-toolbar"
        filters={
          <>
            <FilterSelect
              label={t('quotations.fields.vendor')}
              value={list.filters.vendor ?? ''}
              onChange={(value) => list.setFilter('vendor', value)}
              allLabel={t('quotations.filters.allVendors')}
              options={asOptions(choices.vendorOptions)}
              testId="quotations-filter-vendor"
            />
            <FilterSelect
              label={t('quotations.fields.type')}
              value={list.filters.quotation_type ?? ''}
              onChange={setType}
              allLabel={t('quotations.filters.allTypes')}
              options={QUOTATION_TYPES.map((type) => ({
                value: type,
                label: t(`quotations.types.${type}`),
              }))}
              className="md:w-36"
              testId="quotations-filter-type"
            />
            {serviceFilter ? (
              <FilterSelect
                label={t('quotations.types.service')}
                value={list.filters.service ?? ''}
                onChange={(value) => list.setFilter('service', value)}
                allLabel={t('quotations.filters.allServices')}
                options={asOptions(choices.serviceOptions)}
                testId="quotations-filter-service"
              />
            ) : (
              <FilterSelect
                label={t('quotations.types.item')}
                value={list.filters.item ?? ''}
                onChange={(value) => list.setFilter('item', value)}
                allLabel={t('quotations.filters.allItems')}
                options={asOptions(choices.itemOptions)}
                testId="quotations-filter-item"
              />
            )}
            <FilterSelect
              label={t('quotations.fields.status')}
              value={list.filters.status ?? ''}
              onChange={(value) => list.setFilter('status', value)}
              allLabel={t('quotations.filters.allStatuses')}
              options={statusOptions(t, 'quotation')}
              className="md:w-40"
              testId="quotations-filter-status"
            />
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={quotations.data?.items}
        rowKey={(q) => q.id}
        loading={quotations.isPending}
        fetching={quotations.isPlaceholderData}
        error={quotations.error}
        onRetry={() => void quotations.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        onRowClick={can.canUpdate ? onEdit : undefined}
        mobileCard={mobileCard}
        empty={empty}
        label={t('pages.quotations.title')}
        testId="quotations-table"
        rowTestId={(q) => `quotation-row-${q.id}`}
      />
      {quotations.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={quotations.data.totalItems}
          totalPages={quotations.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={quotations.isPlaceholderData}
        />
      ) : null}
    </>
  );
}
