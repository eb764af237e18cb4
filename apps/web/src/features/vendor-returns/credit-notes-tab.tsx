import { CREDIT_NOTE_STATUSES, permissionsFor, type CreditNote } from '@siteledger/domain';
import { Plus, ReceiptText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { Pagination } from '../../components/ui/pagination';
import { statusOptions, StatusBadge } from '../../components/ui/status-badge';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatBusinessDate } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useCreditNotes, useDeleteCreditNote, useVendorOptions } from './api';
import { CreditNoteFormDialog } from './credit-note-form-dialog';
import { inr } from './money';

/** The "Credit notes" tab: every note with its balance; add a standalone one; delete unused ones. */
export function CreditNotesTab() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const [vendor, setVendor] = useState('');
  const [status, setStatus] = useState('');
  const notes = useCreditNotes(
    { page, perPage, vendor: vendor || undefined, status: status || undefined },
    can.canViewFinancials,
  );
  const vendors = useVendorOptions();
  const remove = useDeleteCreditNote();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CreditNote | null>(null);
  const date = (iso: string | null) => (iso ? formatBusinessDate(iso, i18n.language) : '—');

  const usable = (note: CreditNote) =>
    note.usable ? (
      <Badge tone="success">{t('vendorReturns.creditNotes.usable')}</Badge>
    ) : (
      <Badge tone="neutral">{t('vendorReturns.creditNotes.notUsable')}</Badge>
    );
  const deleteButton = (note: CreditNote) =>
    can.canDelete ? (
      <Button
        variant="ghost"
        size="icon"
        className="size-10 hover:text-danger md:size-9"
        aria-label={t('vendorReturns.creditNotes.deleteNamed', { reference: note.reference ?? '' })}
        onClick={(event) => {
          event.stopPropagation();
          remove.reset();
          setDeleting(note);
        }}
        data-testid={`credit-note-delete-${note.id}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    ) : null;

  const columns: DataTableColumn<CreditNote>[] = [
    {
      key: 'vendor',
      header: t('vendorReturns.fields.vendor'),
      cell: (n) => <span className="font-medium text-fg">{n.expand?.vendor?.name ?? '—'}</span>,
    },
    {
      key: 'reference',
      header: t('vendorReturns.fields.creditReference'),
      cell: (n) => n.reference ?? <span className="text-fg-subtle">—</span>,
    },
    { key: 'issue', header: t('vendorReturns.fields.issueDate'), cell: (n) => date(n.issue_date) },
    {
      key: 'expiry',
      header: t('vendorReturns.fields.creditExpiry'),
      hideBelow: 'lg',
      cell: (n) => (n.expiry_date ? date(n.expiry_date) : t('vendorReturns.noExpiry')),
    },
    {
      key: 'amount',
      header: t('vendorReturns.fields.amount'),
      align: 'right',
      cell: (n) => inr(n.credit_amount),
    },
    {
      key: 'balance',
      header: t('vendorReturns.creditNotes.balance'),
      align: 'right',
      cell: (n) => (
        <span className="font-semibold" data-testid={`credit-note-balance-${n.id}`}>
          {inr(n.balance)}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('vendorReturns.fields.status'),
      cell: (n) => (
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge kind="creditNote" status={n.status} testId={`credit-note-status-${n.id}`} />
          {usable(n)}
        </div>
      ),
    },
    ...(can.canDelete
      ? [
          {
            key: 'actions',
            header: t('kit.actions.actions'),
            align: 'right' as const,
            headerClassName: 'sr-only',
            cell: deleteButton,
          },
        ]
      : []),
  ];

  const mobileCard = (n: CreditNote) => (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-fg">{n.expand?.vendor?.name}</p>
          <p className="text-sm text-fg-muted">
            {n.reference ?? '—'} · {date(n.issue_date)}
          </p>
        </div>
        {deleteButton(n)}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge kind="creditNote" status={n.status} />
          {usable(n)}
        </div>
        <p className="text-sm tabular-nums text-fg-muted">
          {t('vendorReturns.creditNotes.balanceOf', {
            balance: inr(n.balance),
            amount: inr(n.credit_amount),
          })}
        </p>
      </div>
    </div>
  );

  if (!can.canViewFinancials)
    return (
      <EmptyState
        icon={<ReceiptText />}
        title={t('vendorReturns.creditNotes.noAccessTitle')}
        description={t('vendorReturns.creditNotes.noAccessDescription')}
      />
    );

  return (
    <div data-testid="credit-notes">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          label={t('vendorReturns.fields.vendor')}
          value={vendor}
          onChange={(v) => {
            setVendor(v);
            setPage(1);
          }}
          allLabel={t('vendorReturns.filters.allVendors')}
          options={(vendors.data?.items ?? []).map((v) => ({ value: v.id, label: v.name }))}
          testId="credit-notes-filter-vendor"
        />
        <FilterSelect
          label={t('vendorReturns.fields.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          allLabel={t('vendorReturns.filters.allStatuses')}
          options={statusOptions(t, 'creditNote').filter((o) =>
            (CREDIT_NOTE_STATUSES as readonly string[]).includes(o.value),
          )}
          testId="credit-notes-filter-status"
        />
        {can.canCreate ? (
          <Button
            variant="secondary"
            className="ml-auto"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => setAdding(true)}
            data-testid="credit-note-add"
          >
            {t('vendorReturns.creditNotes.add')}
          </Button>
        ) : null}
      </div>
      <DataTable
        columns={columns}
        rows={notes.data?.items}
        rowKey={(n) => n.id}
        loading={notes.isPending}
        fetching={notes.isPlaceholderData}
        error={notes.error}
        onRetry={() => void notes.refetch()}
        mobileCard={mobileCard}
        empty={
          <EmptyState
            icon={<ReceiptText />}
            title={t('vendorReturns.creditNotes.emptyTitle')}
            description={t('vendorReturns.creditNotes.emptyDescription')}
          />
        }
        label={t('vendorReturns.tabs.creditNotes')}
        testId="credit-notes-table"
        rowTestId={(n) => `credit-note-row-${n.id}`}
      />
      {notes.data ? (
        <Pagination
          page={page}
          perPage={perPage}
          totalItems={notes.data.totalItems}
          totalPages={notes.data.totalPages}
          onPageChange={setPage}
          onPerPageChange={(value) => {
            setPerPage(value);
            setPage(1);
          }}
          disabled={notes.isPlaceholderData}
        />
      ) : null}
      <CreditNoteFormDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('vendorReturns.creditNotes.deleteTitle')}
        description={t('vendorReturns.creditNotes.deleteDescription')}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('vendorReturns.toast.creditNoteDeleted'));
            },
          });
        }}
        testId="credit-note-delete-dialog"
      />
    </div>
  );
}
