import { permissionsFor, RETURN_REASONS, type VendorReturn } from '@siteledger/domain';
import { SearchX, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AddButton } from '../../components/plan-limit';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect, ListToolbar } from '../../components/ui/list-toolbar';
import { PageHeader, useAddAction } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { StatusBadge, statusOptions } from '../../components/ui/status-badge';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { useVendorOptions, useVendorReturns } from './api';
import { CreateReturnDialog } from './create-return-dialog';
import { CreditNotesTab } from './credit-notes-tab';
import { inr } from './money';
import { ReturnDetailDialog } from './return-detail-dialog';
import { enumOptions } from './return-steps';

const FILTERS = ['vendor', 'status', 'reason'] as const;
const TABS = ['returns', 'credit-notes'] as const;

/** "3 bags of OPC Cement, 1 more" style summary of a return's lines. */
function ItemsSummary({ record }: { record: VendorReturn }) {
  const { t } = useTranslation();
  const first = record.items[0]?.expand?.delivery_item?.expand?.item?.name ?? '—';
  const more = record.items.length - 1;
  return (
    <span className="block max-w-xs truncate">
      {first}
      {more > 0 ? (
        <span className="text-fg-muted"> {t('vendorReturns.moreLines', { count: more })}</span>
      ) : null}
    </span>
  );
}

export function VendorReturnsPage() {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const can = permissionsFor(role);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'credit-notes' ? 'credit-notes' : 'returns';
  const list = useListParams({ sort: '-return_date', filters: FILTERS });
  const returns = useVendorReturns(list.query);
  const vendors = useVendorOptions();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const openAdd = () => setAdding(true);
  const limit = usePlanLimit('vendor_returns');
  useAddAction(openAdd, can.canCreate && !limit.blocked);
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);

  const refund = (r: VendorReturn) =>
    r.actual_refund_amount !== null ? (
      <span>
        {inr(r.actual_refund_amount)}
        {r.refund_type ? (
          <span className="block text-xs text-fg-muted">
            {t(`vendorReturns.refundChoices.${r.refund_type}`)}
          </span>
        ) : null}
      </span>
    ) : (
      <span className="text-fg-subtle">—</span>
    );

  const columns: DataTableColumn<VendorReturn>[] = [
    {
      key: 'date',
      header: t('vendorReturns.fields.returnDate'),
      sortKey: 'return_date',
      firstDirection: 'desc',
      cell: (r) => <span className="whitespace-nowrap">{date(r.return_date)}</span>,
    },
    {
      key: 'vendor',
      header: t('vendorReturns.fields.vendor'),
      cell: (r) => <span className="font-medium text-fg">{r.expand?.vendor?.name ?? '—'}</span>,
    },
    {
      key: 'items',
      header: t('vendorReturns.fields.items'),
      cell: (r) => <ItemsSummary record={r} />,
    },
    {
      key: 'reason',
      header: t('vendorReturns.fields.reason'),
      hideBelow: 'xl',
      cell: (r) => t(`vendorReturns.reasons.${r.reason}`),
    },
    {
      key: 'total',
      header: t('vendorReturns.fields.totalReturn'),
      sortKey: 'total_return_amount',
      align: 'right',
      cell: (r) => <span className="font-medium">{inr(r.total_return_amount)}</span>,
    },
    { key: 'refund', header: t('vendorReturns.fields.refunded'), align: 'right', cell: refund },
    {
      key: 'status',
      header: t('vendorReturns.fields.status'),
      cell: (r) => <StatusBadge kind="return" status={r.status} />,
    },
  ];

  const mobileCard = (r: VendorReturn) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{r.expand?.vendor?.name}</p>
          <p className="text-sm text-fg-muted">
            {date(r.return_date)} · {t(`vendorReturns.reasons.${r.reason}`)}
          </p>
        </div>
        <StatusBadge kind="return" status={r.status} />
      </div>
      <p className="text-sm text-fg">
        <ItemsSummary record={r} />
      </p>
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div>
          <dt className="text-xs text-fg-muted">{t('vendorReturns.fields.totalReturn')}</dt>
          <dd className="font-medium tabular-nums text-fg">{inr(r.total_return_amount)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-fg-muted">{t('vendorReturns.fields.refunded')}</dt>
          <dd className="tabular-nums text-fg">{refund(r)}</dd>
        </div>
      </dl>
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('vendorReturns.empty.filteredTitle')}
      description={t('vendorReturns.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<Undo2 />}
      title={t('vendorReturns.empty.title')}
      description={t('vendorReturns.empty.description')}
      action={
        can.canCreate ? (
          <AddButton
            resource="vendor_returns"
            onClick={openAdd}
            label={t('vendorReturns.add')}
            placement="empty"
          />
        ) : null
      }
    />
  );

  return (
    <div data-testid="page-vendor-returns" data-tour="vendor-returns-page">
      <PageHeader
        title={t('pages.vendorReturns.title')}
        subtitle={t('pages.vendorReturns.description')}
        actions={
          can.canCreate ? (
            <AddButton
              resource="vendor_returns"
              onClick={openAdd}
              label={t('vendorReturns.add')}
              testId="return-add"
            />
          ) : null
        }
      />
      <div
        className="mb-4 inline-flex rounded-xl border border-border bg-surface-muted/60 p-1"
        role="tablist"
        data-tour="vendor-returns-tabs"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={cn(
              'min-h-10 rounded-lg px-4 text-sm font-medium transition-colors',
              tab === name ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
            )}
            onClick={() => setParams(name === 'returns' ? {} : { tab: name })}
            data-testid={`returns-tab-${name}`}
          >
            {t(`vendorReturns.tabs.${name === 'returns' ? 'returns' : 'creditNotes'}`)}
          </button>
        ))}
      </div>
      {tab === 'credit-notes' ? (
        <CreditNotesTab />
      ) : (
        <>
          <ListToolbar
            search={list.search}
            onSearchChange={list.setSearch}
            searchPlaceholder={t('vendorReturns.searchPlaceholder')}
            hasFilters={list.hasFilters}
            onClear={list.clearFilters}
            activeFilters={FILTERS.filter((name) => list.filters[name]).length}
            dateRange={{
              from: list.from,
              to: list.to,
              onFromChange: list.setFrom,
              onToChange: list.setTo,
            }}
            testId="returns-toolbar"
            filters={
              <>
                <FilterSelect
                  label={t('vendorReturns.fields.vendor')}
                  value={list.filters.vendor ?? ''}
                  onChange={(value) => list.setFilter('vendor', value)}
                  allLabel={t('vendorReturns.filters.allVendors')}
                  options={(vendors.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }))}
                  testId="returns-filter-vendor"
                />
                <FilterSelect
                  label={t('vendorReturns.fields.status')}
                  value={list.filters.status ?? ''}
                  onChange={(value) => list.setFilter('status', value)}
                  allLabel={t('vendorReturns.filters.allStatuses')}
                  options={statusOptions(t, 'return')}
                  testId="returns-filter-status"
                />
                <FilterSelect
                  label={t('vendorReturns.fields.reason')}
                  value={list.filters.reason ?? ''}
                  onChange={(value) => list.setFilter('reason', value)}
                  allLabel={t('vendorReturns.filters.allReasons')}
                  options={enumOptions(t, 'vendorReturns.reasons', RETURN_REASONS)}
                  testId="returns-filter-reason"
                />
              </>
            }
          />
          <DataTable
            columns={columns}
            rows={returns.data?.items}
            rowKey={(r) => r.id}
            loading={returns.isPending}
            fetching={returns.isPlaceholderData}
            error={returns.error}
            onRetry={() => void returns.refetch()}
            sort={list.sort}
            onSortChange={list.toggleSort}
            onRowClick={(r) => setViewing(r.id)}
            mobileCard={mobileCard}
            empty={empty}
            label={t('pages.vendorReturns.title')}
            testId="returns-table"
            rowTestId={(r) => `return-row-${r.id}`}
          />
          {returns.data ? (
            <Pagination
              page={list.page}
              perPage={list.perPage}
              totalItems={returns.data.totalItems}
              totalPages={returns.data.totalPages}
              onPageChange={list.setPage}
              onPerPageChange={list.setPerPage}
              disabled={returns.isPlaceholderData}
            />
          ) : null}
        </>
      )}
      <CreateReturnDialog
        open={adding}
        onOpenChange={setAdding}
        onSaved={(saved) => setViewing(saved.id)}
      />
      <ReturnDetailDialog id={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </div>
  );
}
