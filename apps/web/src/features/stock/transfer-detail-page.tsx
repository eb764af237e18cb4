/**
 * /stock/transfers/:id — a transfer, seen from either site: its lines with what was sent, their
 * value, what arrived and the shortfall. The receiving site receives a sent transfer; the
 * sending site's owner may delete it while it is still on its way (the stock returns).
 */
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { PageFrame } from '../../components/ui/page-frame';
import { DeleteConfirm } from '../../components/list-page/delete-confirm';
import { DetailDeleteButton } from '../../components/record-detail/detail-actions';
import { StatusSubtitle } from '../../components/record-detail/pill';
import { RecordPending } from '../../components/record-detail/record-pending';
import { useDetailPage } from '../../components/record-detail/use-record-detail';
import { RecordHistory } from '../../components/record-history';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { formatBusinessDate } from '../../lib/dates';
import { useDeleteStockTransfer, useStockTransfer } from './api';
import { TransferStatusBadge } from './stock-labels';
import { TransferFactsCard, TransferLinesCard } from './transfer-detail-cards';
import { TransferReceiveDialog } from './transfer-receive-dialog';

export function TransferDetailPage() {
  const page = useDetailPage(
    { useRecord: useStockTransfer, useDelete: useDeleteStockTransfer },
    { to: '/stock/transfers', labelKey: 'stock.transferDetail.back' },
  );
  const { record: transfer, confirm, id, t, i18n, can, query, remove, back } = page;
  const [receiving, setReceiving] = useState(false);

  if (!transfer) {
    return <RecordPending one="transfer" ns="stock.transfers" query={query} back={back} />;
  }

  const sent = transfer.status === 'sent';
  const out = transfer.direction === 'out';
  const date = formatBusinessDate(transfer.transfer_date, i18n.language);
  return (
    <PageFrame
      testId="page-transfer-detail"
      title={
        <span data-testid="transfer-detail-title">
          {out
            ? t('stock.transferDetail.titleOut', { name: transfer.to_site_name })
            : t('stock.transferDetail.titleIn', { name: transfer.site_name })}
        </span>
      }
      subtitle={
        <StatusSubtitle
          badge={<TransferStatusBadge status={transfer.status} testId="transfer-detail-status" />}
        >
          {t('stock.transferDetail.subtitle', {
            name: transfer.created_by_name ?? '—',
            date,
          })}
        </StatusSubtitle>
      }
      back={back}
      actions={
        <>
          <ActionButtons
            actions={[
              {
                id: 'receive',
                when: !out && sent && can.canCreate,
                icon: PackageCheck,
                label: t('stock.receive.action'),
                onClick: () => setReceiving(true),
                testId: 'transfer-receive',
              },
            ]}
          />
          {out && sent && can.canDelete ? (
            <DetailDeleteButton
              onClick={() => confirm.ask(transfer)}
              testId="transfer-detail-delete"
            />
          ) : null}
        </>
      }
    >
      {!out && sent ? (
        <p className="rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning-soft-fg">
          {t('stock.transferDetail.waiting')}
        </p>
      ) : null}
      <TransferFactsCard transfer={transfer} />
      <TransferLinesCard transfer={transfer} />
      {receiving ? (
        <TransferReceiveDialog transfer={transfer} open onOpenChange={setReceiving} />
      ) : null}
      <DeleteConfirm
        target={confirm}
        mutation={remove}
        title={t('stock.transferDelete.title')}
        description={t('stock.transferDelete.description', {
          name: transfer.to_site_name,
          date,
        })}
        toastMessage={() => t('stock.toast.transferDeleted')}
        leaveTo="/stock/transfers"
        testId="transfer-delete-dialog"
      />
      <RecordHistory entity="stock_transfers" recordId={id} />
    </PageFrame>
  );
}
