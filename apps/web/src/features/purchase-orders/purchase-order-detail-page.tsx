import type { PurchaseOrder } from '@siteledger/domain';
import { CalendarDays, ClipboardList, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirm } from '../../components/list-page/delete-confirm';
import { RecordPending } from '../../components/record-detail/record-pending';
import { useDetailPage } from '../../components/record-detail/use-record-detail';
import { RecordHistory } from '../../components/record-history';
import { PageHeader } from '../../components/ui/page-header';
import { formatBusinessDate } from '../../lib/dates';
import { useDeletePurchaseOrder, usePurchaseOrder } from './api';
import { PoAdvancesCard } from './po-advances-card';
import { PoStatusBadge, poNumber } from './po-labels';
import { PurchaseOrderActions } from './purchase-order-actions';
import { PurchaseOrderFormDialog } from './purchase-order-form-dialog';
import { PurchaseOrderLinesTable } from './purchase-order-lines-table';
import { RateVariancesCard } from './rate-variances-card';

const link =
  'font-medium text-primary hover:text-primary-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring rounded';

/** /purchase-orders/:id — the order, its lines with what is still to come, its actions. */
export function PurchaseOrderDetailPage() {
  const page = useDetailPage(
    { useRecord: usePurchaseOrder, useDelete: useDeletePurchaseOrder },
    { to: '/purchase-orders', labelKey: 'purchaseOrders.detail.back' },
  );
  const { record: order, editing, setEditing, confirm, id, t, query, remove, back } = page;

  if (!order) {
    return (
      <RecordPending
        one="po"
        ns="purchaseOrders"
        query={query}
        back={back}
        subtitleClassName="w-56"
        block="h-64"
      />
    );
  }

  return (
    <div className="space-y-8" data-testid="page-po-detail">
      <PageHeader
        className="mb-0"
        title={<span data-testid="po-detail-number">{poNumber(t, order)}</span>}
        back={back}
        actions={
          <PurchaseOrderActions
            order={order}
            onEdit={() => setEditing(true)}
            onDelete={() => confirm.ask(order)}
          />
        }
      >
        <PoFacts order={order} />
      </PageHeader>

      <PurchaseOrderLinesTable order={order} />
      <RateVariancesCard orderId={order.id} />
      <PoAdvancesCard order={order} />
      {order.terms || order.notes ? <PoTexts order={order} /> : null}

      <PurchaseOrderFormDialog open={editing} onOpenChange={setEditing} order={order} />
      <DeleteConfirm
        target={confirm}
        mutation={remove}
        title={t('purchaseOrders.delete.title')}
        description={t('purchaseOrders.delete.description')}
        toastMessage={() => t('purchaseOrders.toast.deleted')}
        leaveTo="/purchase-orders"
        testId="po-delete-dialog"
      />
      <RecordHistory entity="purchase_orders" recordId={id} />
    </div>
  );
}

function Fact({
  icon,
  children,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-fg-muted" data-testid={testId}>
      <span className="text-fg-subtle [&_svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      {children}
    </span>
  );
}

/** Status, vendor (a link to its page), dates and the request it came from. */
function PoFacts({ order }: { order: PurchaseOrder }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <PoStatusBadge status={order.status} testId="po-detail-status" />
      <Fact icon={<Store />} testId="po-detail-vendor">
        <Link to={`/vendors/${order.vendor}`} className={link}>
          {order.expand?.vendor?.name ?? t('purchaseOrders.detail.vendorLink')}
        </Link>
      </Fact>
      <Fact icon={<CalendarDays />} testId="po-detail-dates">
        {t('purchaseOrders.detail.ordered', { date: date(order.order_date) })}
        {order.expected_date
          ? ` · ${t('purchaseOrders.detail.expected', { date: date(order.expected_date) })}`
          : ''}
      </Fact>
      {order.material_request ? (
        <Fact icon={<ClipboardList />} testId="po-detail-request">
          <Link to={`/material-requests/${order.material_request}`} className={link}>
            {t('purchaseOrders.detail.request')}
          </Link>
        </Fact>
      ) : null}
    </div>
  );
}

function PoTexts({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  return (
    <section className="grid gap-4 sm:grid-cols-2">
      {order.terms ? (
        <div className="rounded-2xl border border-border bg-surface p-5">
          <h2 className="text-sm font-semibold text-fg">{t('purchaseOrders.fields.terms')}</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-fg-muted" data-testid="po-terms-text">
            {order.terms}
          </p>
        </div>
      ) : null}
      {order.notes ? (
        <div className="rounded-2xl border border-border bg-surface p-5">
          <h2 className="text-sm font-semibold text-fg">{t('purchaseOrders.fields.notes')}</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-fg-muted">{order.notes}</p>
        </div>
      ) : null}
    </section>
  );
}
