import { ALLOCATION_STATES, permissionsFor, type Payment } from '@siteledger/domain';
import { SearchX, Wallet } from 'lucide-react';
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
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { usePlanLimit } from '../../lib/subscription-api';
import { useAccountOptions, usePayments, useVendorOptions } from './api';
import { AllocationBadge, PaymentSplit } from './payment-bits';
import { PaymentEditDialog } from './payment-edit-dialog';
import { PaymentFormDialog } from './payment-form-dialog';
import { PaymentViewDialog } from './payment-view-dialog';
import { useApplyAdvanceLink, type AdvanceTarget } from './use-apply-advance-link';

const FILTERS = ['vendor', 'account', 'allocation_state'] as const;

export function PaymentsPage() {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const can = permissionsFor(role);
  const list = useListParams({ sort: '-payment_date', filters: FILTERS });
  const payments = usePayments(list.query);
  const vendors = useVendorOptions();
  const accounts = useAccountOptions(true);
  const [params, setParams] = useSearchParams();
  const [viewing, setViewing] = useState<string | null>(null);
  const adding = params.get('new') === '1';
  // Putting a vendor's advance onto its dues: the edit of the payment that holds it.
  const [applying, setApplying] = useState<AdvanceTarget | null>(null);
  useApplyAdvanceLink(can.canUpdate, setApplying);

  const openAdd = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('new', '1');
        return next;
      },
      { replace: true },
    );
  const closeAdd = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('new');
        next.delete('vendor');
        return next;
      },
      { replace: true },
    );
  const limit = usePlanLimit('payments');
  useAddAction(openAdd, can.canCreate && !limit.blocked);

  const columns: DataTableColumn<Payment>[] = [
    {
      key: 'date',
      header: t('payments.fields.date'),
      sortKey: 'payment_date',
      firstDirection: 'desc',
      cell: (p) => (
        <span className="whitespace-nowrap">
          {formatBusinessDate(p.payment_date, i18n.language)}
        </span>
      ),
    },
    {
      key: 'vendor',
      header: t('payments.fields.vendor'),
      cell: (p) => (
        <div className="min-w-0 max-w-xs">
          <p className="truncate font-medium text-fg">{p.expand?.vendor?.name ?? '—'}</p>
          {p.reference ? <p className="truncate text-xs text-fg-muted">{p.reference}</p> : null}
        </div>
      ),
    },
    {
      key: 'amount',
      header: t('payments.fields.amount'),
      sortKey: 'amount',
      firstDirection: 'desc',
      align: 'right',
      cell: (p) => <span className="font-semibold tabular-nums">{formatRupees(p.amount)}</span>,
    },
    {
      key: 'split',
      header: t('payments.fields.paidFrom'),
      hideBelow: 'lg',
      cell: (p) => <PaymentSplit payment={p} />,
    },
    {
      key: 'state',
      header: t('payments.fields.allocation'),
      cell: (p) => <AllocationBadge state={p.allocation_state} testId={`payment-state-${p.id}`} />,
    },
  ];

  const mobileCard = (p: Payment) => (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">
            {p.expand?.vendor?.name ?? '—'}
          </p>
          <p className="text-sm text-fg-muted">
            {formatBusinessDate(p.payment_date, i18n.language)}
            {p.reference ? ` · ${p.reference}` : ''}
          </p>
        </div>
        <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
          {formatRupees(p.amount)}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3">
        <PaymentSplit payment={p} />
        <AllocationBadge state={p.allocation_state} />
      </div>
    </div>
  );

  const empty = list.hasFilters ? (
    <EmptyState
      icon={<SearchX />}
      title={t('payments.empty.filteredTitle')}
      description={t('payments.empty.filteredDescription')}
      action={
        <Button variant="secondary" onClick={list.clearFilters}>
          {t('kit.toolbar.clear')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<Wallet />}
      title={t('payments.empty.title')}
      description={t('payments.empty.description')}
      action={
        can.canCreate ? (
          <AddButton
            resource="payments"
            onClick={openAdd}
            label={t('payments.add')}
            placement="empty"
          />
        ) : null
      }
    />
  );

  const activeFilters = FILTERS.filter((name) => list.filters[name]).length;
  return (
    <div data-testid="page-payments" data-tour="payments-page">
      <PageHeader
        title={t('pages.payments.title')}
        subtitle={t('pages.payments.description')}
        actions={
          can.canCreate ? (
            <AddButton
              resource="payments"
              onClick={openAdd}
              label={t('payments.add')}
              testId="payment-add"
            />
          ) : null
        }
      />
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('payments.searchPlaceholder')}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={activeFilters}
        dateRange={{
          from: list.from,
          to: list.to,
          onFromChange: list.setFrom,
          onToChange: list.setTo,
        }}
        testId="payments-toolbar"
        filters={
          <>
            <FilterSelect
              label={t('payments.fields.vendor')}
              value={list.filters.vendor ?? ''}
              onChange={(value) => list.setFilter('vendor', value)}
              allLabel={t('payments.filters.allVendors')}
              options={(vendors.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }))}
              testId="payments-filter-vendor"
            />
            <FilterSelect
              label={t('payments.fields.account')}
              value={list.filters.account ?? ''}
              onChange={(value) => list.setFilter('account', value)}
              allLabel={t('payments.filters.allAccounts')}
              options={(accounts.data?.items ?? []).map((a) => ({ value: a.id, label: a.name }))}
              testId="payments-filter-account"
            />
            <FilterSelect
              label={t('payments.fields.allocation')}
              value={list.filters.allocation_state ?? ''}
              onChange={(value) => list.setFilter('allocation_state', value)}
              allLabel={t('payments.filters.allStates')}
              options={ALLOCATION_STATES.map((s) => ({
                value: s,
                label: t(`payments.state.${s}`),
              }))}
              testId="payments-filter-state"
            />
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={payments.data?.items}
        rowKey={(p) => p.id}
        loading={payments.isPending}
        fetching={payments.isPlaceholderData}
        error={payments.error}
        onRetry={() => void payments.refetch()}
        sort={list.sort}
        onSortChange={list.toggleSort}
        onRowClick={(p) => setViewing(p.id)}
        mobileCard={mobileCard}
        empty={empty}
        label={t('pages.payments.title')}
        testId="payments-table"
        rowTestId={(p) => `payment-row-${p.id}`}
      />
      {payments.data ? (
        <Pagination
          page={list.page}
          perPage={list.perPage}
          totalItems={payments.data.totalItems}
          totalPages={payments.data.totalPages}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
          disabled={payments.isPlaceholderData}
        />
      ) : null}

      <PaymentFormDialog
        open={adding && can.canCreate && !limit.blocked}
        onOpenChange={(open) => (open ? openAdd() : closeAdd())}
        vendorId={params.get('vendor') ?? undefined}
        onApplyAdvance={
          can.canUpdate
            ? (paymentId) => {
                closeAdd();
                setApplying({ paymentId, prefer: null });
              }
            : undefined
        }
      />
      <PaymentEditDialog
        open={applying !== null}
        paymentId={applying?.paymentId ?? null}
        applyAdvance={applying ? { prefer: applying.prefer } : null}
        onOpenChange={(open) => (open ? undefined : setApplying(null))}
      />
      <PaymentViewDialog paymentId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
