/**
 * /deliveries/:id — the delivery with its lines, the server's totals (items, tax — by head and by
 * rate on a bill with GST rates —, round-off, total, paid, due), payment status and photos; edit
 * details, edit lines and delete by permission.
 */
import { permissionsFor, toPaise, type Delivery } from '@siteledger/domain';
import { ApplyAdvanceLink } from '../../components/apply-advance-link';
import { FileQuestion, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteConfirm, useDeleteTarget } from '../../components/list-page/delete-confirm';
import {
  DetailDeleteButton,
  DetailEditButton,
} from '../../components/record-detail/detail-actions';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useDeleteDelivery, useDelivery } from './api';
import { DeliveryFactsCard } from './delivery-detail-cards';
import { RecordPhotosCard } from '../../components/record-photos-card';
import { DeliveryLinesTable, type LineRow } from './delivery-lines-table';
import { TotalsSummary } from './delivery-totals';
import { isItemised, taxByRate } from '../../components/gst/gst-figures';
import { TaxByRate } from '../../components/gst/tax-by-rate';
import { EditDeliveryDialog } from './edit-delivery-dialog';
import { EditLinesDialog } from './edit-lines-dialog';
import { formatDeliveryDate } from './format-date';
import { RecordHistory } from '../../components/record-history';
import { SupplierTaxCard } from './supplier-tax-card';
import { owedAfterTds, TdsSummary } from '../../components/record-fields/tds-summary';

export function DeliveryDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const delivery = useDelivery(id);
  const back = { to: '/deliveries', label: t('deliveries.detail.back') };

  if (delivery.isPending) {
    return (
      <div data-testid="page-delivery-detail" aria-busy="true">
        <PageHeader title={t('deliveries.detail.title')} back={back} />
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-72 rounded-2xl lg:col-span-2" />
          <Skeleton className="h-72 rounded-2xl" />
        </div>
      </div>
    );
  }
  if (delivery.isError || !delivery.data) {
    const missing = isApiError(delivery.error) && delivery.error.status === 404;
    return (
      <div data-testid="page-delivery-detail">
        <PageHeader title={t('deliveries.detail.title')} back={back} />
        <Card>
          <EmptyState
            icon={<FileQuestion />}
            title={missing ? t('deliveries.detail.notFound') : t('deliveries.detail.loadFailed')}
            description={
              missing ? t('deliveries.detail.notFoundDescription') : errorMessage(delivery.error, t)
            }
            action={
              <Link to="/deliveries" className={buttonClasses('secondary')}>
                {t('deliveries.detail.back')}
              </Link>
            }
          />
        </Card>
      </div>
    );
  }
  return <DeliveryDetail delivery={delivery.data} />;
}

function DeliveryDetail({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { role } = useSession();
  const can = permissionsFor(role);
  const remove = useDeleteDelivery();
  const [editing, setEditing] = useState<'header' | 'lines' | null>(null);
  const deleting = useDeleteTarget<Delivery>(remove);
  const vendor = delivery.expand?.vendor;
  const date = formatDeliveryDate(delivery.delivery_date, i18n.language);
  const lines = delivery.delivery_items ?? [];
  const rows: LineRow[] = lines.map((line) => ({
    key: line.id,
    itemName: line.expand?.item?.name ?? '—',
    unit: line.expand?.item?.unit ?? '',
    quantity: line.quantity,
    unitPrice: line.unit_price,
    totalPaise: toPaise(line.total_amount),
    gstRate: line.gst_rate,
    heads: {
      cgst: toPaise(line.cgst_amount),
      sgst: toPaise(line.sgst_amount),
      igst: toPaise(line.igst_amount),
    },
    notes: line.notes,
    orderLine: line.expand?.purchase_order_line,
  }));
  const itemised = isItemised(lines);
  const byRate = taxByRate(
    rows.map((row) => ({
      taxable: row.totalPaise,
      rate: row.gstRate ?? null,
      cgst: row.heads?.cgst ?? 0,
      sgst: row.heads?.sgst ?? 0,
      igst: row.heads?.igst ?? 0,
    })),
  );

  return (
    <div data-testid="page-delivery-detail">
      <PageHeader
        back={{ to: '/deliveries', label: t('deliveries.detail.back') }}
        title={<span data-testid="delivery-detail-vendor">{vendor?.name ?? '—'}</span>}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-x-2.5 gap-y-1">
            <span>
              {delivery.delivery_reference
                ? t('deliveries.detail.subtitleWithReference', {
                    date,
                    reference: delivery.delivery_reference,
                  })
                : t('deliveries.detail.subtitle', { date })}
            </span>
            <StatusBadge
              kind="payment"
              status={delivery.payment_status}
              testId="delivery-detail-status"
            />
          </span>
        }
        actions={
          can.canUpdate || can.canDelete ? (
            <>
              {can.canUpdate && can.canViewFinancials ? (
                <ApplyAdvanceLink
                  vendorId={delivery.vendor}
                  owes={owedAfterTds(delivery) > delivery.paid_amount}
                  target={{ delivery: delivery.id }}
                />
              ) : null}
              {can.canUpdate ? (
                <>
                  <DetailEditButton
                    onClick={() => setEditing('header')}
                    label={t('deliveries.detail.editDetails')}
                    testId="delivery-edit-open"
                  />
                  <ActionButtons
                    actions={[
                      {
                        id: 'lines',
                        when: true,
                        variant: 'secondary',
                        icon: ListChecks,
                        label: t('deliveries.detail.editLines'),
                        onClick: () => setEditing('lines'),
                        testId: 'delivery-lines-open',
                      },
                    ]}
                  />
                </>
              ) : null}
              {can.canDelete ? (
                <DetailDeleteButton
                  onClick={() => deleting.ask(delivery)}
                  testId="delivery-delete-open"
                />
              ) : null}
            </>
          ) : null
        }
      />

      {/* Phones: lines, amount, details, photos; laptops: two columns. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents lg:col-span-2 lg:block lg:space-y-6">
          <Card className="order-1">
            <CardHeader>
              <CardTitle>{t('deliveries.review.lines', { count: lines.length })}</CardTitle>
            </CardHeader>
            <CardBody>
              <DeliveryLinesTable rows={rows} testId="delivery-detail-lines" />
              {itemised ? (
                <TaxByRate
                  rows={byRate.rows}
                  totals={byRate.totals}
                  className="mt-5 border-t border-border pt-4"
                  testId="delivery-detail-gst"
                />
              ) : null}
            </CardBody>
          </Card>
          {itemised && can.canViewFinancials ? (
            <SupplierTaxCard delivery={delivery} canEdit={can.canUpdate} />
          ) : null}
          <RecordPhotosCard
            collection="deliveries"
            record={delivery}
            canUpdate={can.canUpdate}
            keyPrefix="deliveries.detail"
            className="order-4"
            testId="delivery"
          />
        </div>
        <div className="contents lg:block lg:space-y-6">
          <Card className="order-2">
            <CardHeader>
              <CardTitle>{t('deliveries.detail.summary')}</CardTitle>
            </CardHeader>
            <CardBody>
              <TotalsSummary
                figures={{
                  items: toPaise(delivery.items_total),
                  tax: toPaise(delivery.tax_amount),
                  roundOff: toPaise(delivery.round_off),
                  total: toPaise(delivery.total_amount),
                  paid: toPaise(delivery.paid_amount),
                  heads: itemised
                    ? {
                        cgst: toPaise(delivery.cgst_amount),
                        sgst: toPaise(delivery.sgst_amount),
                        igst: toPaise(delivery.igst_amount),
                      }
                    : undefined,
                }}
                testId="delivery-detail-totals"
              />
              <TdsSummary
                credit={delivery}
                className="mt-4 border-t border-border pt-3"
                testId="delivery-detail-tds"
              />
            </CardBody>
          </Card>
          <DeliveryFactsCard delivery={delivery} date={date} />
        </div>
      </div>

      <EditDeliveryDialog
        open={editing === 'header'}
        onOpenChange={(open) => setEditing(open ? 'header' : null)}
        delivery={delivery}
      />
      <EditLinesDialog
        open={editing === 'lines'}
        onOpenChange={(open) => setEditing(open ? 'lines' : null)}
        delivery={delivery}
      />
      <DeleteConfirm
        target={deleting}
        mutation={remove}
        title={t('deliveries.delete.title')}
        description={t('deliveries.delete.description', { vendor: vendor?.name ?? '—', date })}
        toastMessage={() => t('deliveries.toast.deleted')}
        onDeleted={() => void navigate('/deliveries')}
        testId="delivery-delete-dialog"
      />
      <RecordHistory entity="deliveries" recordId={delivery.id} />
    </div>
  );
}
