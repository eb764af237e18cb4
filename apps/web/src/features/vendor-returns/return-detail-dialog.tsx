import { permissionsFor, type VendorReturn } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useDeleteReturn, useReturnCreditNotes, useReturnRefunds, useVendorReturn } from './api';
import { RefundFormDialog } from './refund-form-dialog';
import { ReturnActions } from './return-detail-actions';
import { ReturnFacts, ReturnLines, useReturnDate } from './return-detail-parts';
import { ReturnCreditNotes, ReturnRefunds } from './return-detail-records';
import { ReturnEditDialog } from './return-edit-dialog';
import { ReturnPhotos } from './return-photos';

/** One return: its lines, approval, refunds and credit notes, with the allowed actions. */
export function ReturnDetailDialog({
  id,
  onOpenChange,
}: {
  id: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const query = useVendorReturn(id ?? undefined);
  const record = query.data;
  const refunds = useReturnRefunds(id ?? undefined, can.canViewFinancials);
  const notes = useReturnCreditNotes(id ?? undefined, can.canViewFinancials);
  const remove = useDeleteReturn();
  const [refunding, setRefunding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const date = useReturnDate();

  const body = (r: VendorReturn) => (
    <div className="space-y-5 text-sm">
      <ReturnFacts record={r} />
      <ReturnLines record={r} />
      <ReturnPhotos record={r} canUpdate={can.canUpdate} />
      {can.canViewFinancials && (refunds.data?.items.length ?? 0) > 0 ? (
        <ReturnRefunds refunds={refunds.data?.items ?? []} />
      ) : null}
      {can.canViewFinancials && (notes.data?.items.length ?? 0) > 0 ? (
        <ReturnCreditNotes notes={notes.data?.items ?? []} />
      ) : null}
      <ReturnActions
        record={r}
        can={can}
        onEdit={() => setEditing(true)}
        onRefund={() => setRefunding(true)}
        onDelete={() => {
          remove.reset();
          setDeleting(true);
        }}
      />
    </div>
  );

  return (
    <>
      <Dialog
        open={id !== null}
        onOpenChange={onOpenChange}
        title={t('vendorReturns.detail.title', { vendor: record?.expand?.vendor?.name ?? '' })}
        description={record ? date(record.return_date) : undefined}
        className="max-w-2xl"
        testId="return-detail"
      >
        {record ? (
          body(record)
        ) : query.isError ? (
          <Alert tone="error">{errorMessage(query.error, t)}</Alert>
        ) : (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        )}
      </Dialog>
      {record ? (
        <ReturnEditDialog record={record} open={editing} onOpenChange={setEditing} />
      ) : null}
      {record ? (
        <RefundFormDialog
          open={refunding}
          onOpenChange={setRefunding}
          record={record}
          refunded={record.actual_refund_amount ?? 0}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('vendorReturns.delete.title')}
        description={t('vendorReturns.delete.description')}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          if (!id) return;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(false);
              onOpenChange(false);
              toast.success(t('vendorReturns.toast.deleted'));
            },
          });
        }}
        testId="return-delete-dialog"
      />
    </>
  );
}
