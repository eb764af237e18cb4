import { CREDIT_NOTE_STATUSES, permissionsFor, type CreditNote } from '@siteledger/domain';
import { Plus, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { Pagination } from '../../components/ui/pagination';
import { statusOptions } from '../../components/ui/status-badge';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useCreditNotes, useDeleteCreditNote, useVendorOptions } from './api';
import { useCreditNoteColumns } from './credit-note-columns';
import { CreditNoteFormDialog } from './credit-note-form-dialog';

/**
 * The "Credit notes" tab: every note with its balance; add a standalone one; a row opens the
 * note for correction (canUpdate: amount, reference, reason, dates); delete unused ones.
 */
export function CreditNotesTab() {
  const { t } = useTranslation();
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
  const [editing, setEditing] = useState<CreditNote | null>(null);
  const [deleting, setDeleting] = useState<CreditNote | null>(null);

  const { columns, mobileCard } = useCreditNoteColumns({
    onDelete: can.canDelete
      ? (note) => {
          remove.reset();
          setDeleting(note);
        }
      : undefined,
  });

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
        onRowClick={can.canUpdate ? setEditing : undefined}
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
      <CreditNoteFormDialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAdding(false);
            setEditing(null);
          }
        }}
        note={editing}
      />
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
