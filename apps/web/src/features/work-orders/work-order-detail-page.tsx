import type { RaBill, WorkOrder } from '@siteledger/domain';
import { CalendarDays, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirm } from '../../components/list-page/delete-confirm';
import { QueuedRecords, useQueuedOf } from '../../components/queued-records';
import { RecordPending } from '../../components/record-detail/record-pending';
import { useDetailPage } from '../../components/record-detail/use-record-detail';
import { RecordHistory } from '../../components/record-history';
import { PageHeader } from '../../components/ui/page-header';
import { formatBusinessDate } from '../../lib/dates';
import type { QueueEntry } from '../../lib/offline-queue';
import { useQueuedEdit } from '../../lib/offline-queue-hooks';
import { useDeleteWorkOrder, useWorkOrder, useWorkOrderStatement } from './api';
import { RaBillFormDialog } from './ra-bill-form-dialog';
import { queuedOrderOf } from './ra-bill-form';
import { WoBillsCard } from './wo-bills-card';
import { WoLinesCard } from './wo-lines-card';
import { WoPaymentDialog, type WoPayment } from './wo-payment-dialog';
import { WoRetentionDialog } from './wo-retention-dialog';
import { WoStatementCard } from './wo-statement-card';
import { WoTermsCard } from './wo-terms-card';
import { WoVariationDialog } from './wo-variation-dialog';
import { WoVariationsCard } from './wo-variations-card';
import { woNumber, WoStatusBadge } from './wo-labels';
import { WorkOrderActions, type WoDialog } from './work-order-actions';
import { WorkOrderFormDialog } from './work-order-form-dialog';

const link =
  'font-medium text-primary hover:text-primary-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring rounded';

/**
 * /work-orders/:id — the order's terms and lines (ordered, billed), its actions, its RA bills
 * (pay, edit or delete the latest) and its statement.
 */
export function WorkOrderDetailPage() {
  const page = useDetailPage(
    { useRecord: useWorkOrder, useDelete: useDeleteWorkOrder },
    { to: '/work-orders', labelKey: 'workOrders.detail.back' },
  );
  const { record: order, editing, setEditing, confirm, id, t, query, remove, back } = page;
  const statement = useWorkOrderStatement(order ? id : null);
  const [dialog, setDialog] = useState<WoDialog | null>(null);
  const [editingBill, setEditingBill] = useState<RaBill | null>(null);
  const [payment, setPayment] = useState<WoPayment | null>(null);
  // This order's bills waiting in the offline queue, and one the queue's list asked to fix.
  const ofOrder = (entry: QueueEntry) => queuedOrderOf(entry) === id;
  const waiting = useQueuedOf('ra_bills').filter(ofOrder);
  const queuedEdit = useQueuedEdit('ra_bills');
  const fixing = queuedEdit.entry && ofOrder(queuedEdit.entry) ? queuedEdit.entry : null;

  if (!order) {
    return (
      <RecordPending
        one="wo"
        ns="workOrders"
        query={query}
        back={back}
        subtitleClassName="w-56"
        block="h-64"
      />
    );
  }
  const bills = statement.data?.bills ?? [];
  const close = (open: boolean) => (open ? undefined : setDialog(null));

  return (
    <div className="space-y-8" data-testid="page-wo-detail">
      <PageHeader
        className="mb-0"
        title={
          <span data-testid="wo-detail-number">
            {woNumber(t, order)} · {order.title}
          </span>
        }
        back={back}
        actions={
          <WorkOrderActions
            order={order}
            billWaiting={waiting.length > 0}
            onOpen={(next) => {
              if (next === 'advance') setPayment({ kind: 'advance', order });
              else setDialog(next);
            }}
            onEdit={() => setEditing(true)}
            onDelete={() => confirm.ask(order)}
          />
        }
      >
        <WoFacts order={order} />
      </PageHeader>

      <WoTermsCard order={order} />
      <WoLinesCard order={order} />
      <WoVariationsCard order={order} />
      <QueuedRecords collection="ra_bills" where={ofOrder} />
      <WoBillsCard
        bills={bills}
        onPay={(bill) => setPayment({ kind: 'bill', order, bill })}
        onEdit={(bill) => setEditingBill(bill)}
      />
      {statement.data ? (
        <WoStatementCard statement={statement.data} canExport={page.can.canExport} />
      ) : null}

      <WorkOrderFormDialog open={editing} onOpenChange={setEditing} order={order} />
      <RaBillFormDialog
        open={dialog === 'bill' || editingBill !== null}
        onOpenChange={(open) => {
          if (open) return;
          setDialog(null);
          setEditingBill(null);
        }}
        order={order}
        bill={editingBill}
      />
      {fixing ? (
        <RaBillFormDialog
          open
          onOpenChange={(open) => (open ? undefined : queuedEdit.close())}
          order={order}
          bill={null}
          queued={fixing}
        />
      ) : null}
      <WoPaymentDialog payment={payment} onClose={() => setPayment(null)} />
      <WoVariationDialog open={dialog === 'variation'} onOpenChange={close} order={order} />
      <WoRetentionDialog open={dialog === 'retention'} onOpenChange={close} order={order} />
      <DeleteConfirm
        target={confirm}
        mutation={remove}
        title={t('workOrders.delete.title')}
        description={t('workOrders.delete.description')}
        toastMessage={() => t('workOrders.toast.deleted')}
        leaveTo="/work-orders"
        testId="wo-delete-dialog"
      />
      <RecordHistory entity="work_orders" recordId={id} />
    </div>
  );
}

/** Status, vendor (a link to its page) and the order date. */
function WoFacts({ order }: { order: WorkOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-fg-muted">
      <WoStatusBadge status={order.status} testId="wo-detail-status" />
      <span className="inline-flex items-center gap-1.5" data-testid="wo-detail-vendor">
        <Store className="size-4 text-fg-subtle" aria-hidden="true" />
        <Link to={`/vendors/${order.vendor}`} className={link}>
          {order.expand?.vendor?.name ?? t('workOrders.detail.vendorLink')}
        </Link>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4 text-fg-subtle" aria-hidden="true" />
        {t('workOrders.detail.ordered', {
          date: formatBusinessDate(order.order_date, i18n.language),
        })}
      </span>
    </div>
  );
}
