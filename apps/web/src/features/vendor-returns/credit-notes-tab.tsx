import { CREDIT_NOTE_STATUSES, permissionsFor, type CreditNote } from '@siteledger/domain';
import { Plus, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePagedFilter } from '../../components/pickers/use-paged-filter';
import { DeleteConfirm, useDeleteTarget } from '../../components/list-page/delete-confirm';
import { usePaging } from '../../components/list-page/paged-table';
import { PagedTab, VendorFilter } from '../../components/page/paged-tab';
import { useAddEditDialog } from '../../components/list-page/use-add-edit-dialog';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterSelect } from '../../components/ui/list-toolbar';
import { statusOptions } from '../../components/ui/status-badge';
import { useSession } from '../../lib/session';
import { useCreditNotes, useDeleteCreditNote } from './api';
import { useCreditNoteColumns } from './credit-note-columns';
import { CreditNoteFormDialog } from './credit-note-form-dialog';

/**
 * The "Credit notes" tab: every note with its balance; add a standalone one; a row opens the
 * note for correction (canUpdate: amount, reference, reason, dates); delete unused ones.
 */
export function CreditNotesTab() {
  const { t } = useTranslation();
  const { role } = useSession();
  const can = permissionsFor(role);
  const paging = usePaging();
  const [vendor, setVendor] = usePagedFilter(paging);
  const [status, setStatus] = usePagedFilter(paging);
  const notes = useCreditNotes(
    {
      page: paging.page,
      perPage: paging.perPage,
      vendor: vendor || undefined,
      status: status || undefined,
    },
    can.canViewFinancials,
  );
  const remove = useDeleteCreditNote();
  const form = useAddEditDialog<CreditNote>();
  const deleting = useDeleteTarget<CreditNote>(remove);
  const { columns, mobileCard } = useCreditNoteColumns({
    onDelete: can.canDelete ? deleting.ask : undefined,
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
    <PagedTab
      tabTestId="credit-notes"
      toolbar={
        <>
          <VendorFilter
            ns="vendorReturns"
            value={vendor}
            onChange={setVendor}
            testId="credit-notes-filter-vendor"
          />
          <FilterSelect
            label={t('vendorReturns.fields.status')}
            value={status}
            onChange={setStatus}
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
              onClick={form.openAdd}
              data-testid="credit-note-add"
            >
              {t('vendorReturns.creditNotes.add')}
            </Button>
          ) : null}
        </>
      }
      query={notes}
      paging={paging}
      columns={columns}
      rowKey={(n) => n.id}
      mobileCard={mobileCard}
      onRowClick={can.canUpdate ? form.openEdit : undefined}
      emptyIcon={<ReceiptText />}
      texts="vendorReturns.creditNotes"
      label={t('vendorReturns.tabs.creditNotes')}
      testId="credit-notes-table"
      rowTestId={(n) => `credit-note-row-${n.id}`}
    >
      <CreditNoteFormDialog open={form.open} onOpenChange={form.onOpenChange} note={form.editing} />
      <DeleteConfirm
        target={deleting}
        mutation={remove}
        title={t('vendorReturns.creditNotes.deleteTitle')}
        description={t('vendorReturns.creditNotes.deleteDescription')}
        toastMessage={() => t('vendorReturns.toast.creditNoteDeleted')}
        testId="credit-note-delete-dialog"
      />
    </PagedTab>
  );
}
