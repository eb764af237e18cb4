/**
 * /deliveries/:id — the delivery with its lines, the server's totals (items, tax, round-off, total,
 * paid, due), payment status and photos; edit details, edit lines and delete by permission.
 */
import { permissionsFor, toPaise, type Delivery } from '@siteledger/domain';
import { ApplyAdvanceLink } from '../../components/apply-advance-link';
import { FileQuestion, ListChecks, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PhotoGrid } from '../../components/auth-image';
import { PhotoUploader } from '../../components/photo-uploader';
import { buttonClasses, Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useDeleteRecordFile } from '../../lib/files-api';
import { useSession } from '../../lib/session';
import { useDeleteDelivery, useDelivery } from './api';
import { DeliveryLinesTable, type LineRow } from './delivery-lines-table';
import { TotalsSummary } from './delivery-totals';
import { EditDeliveryDialog } from './edit-delivery-dialog';
import { EditLinesDialog } from './edit-lines-dialog';
import { formatDeliveryDate } from './format-date';
import { RecordHistory } from '../../components/record-history';

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
  const toast = useToast();
  const navigate = useNavigate();
  const { role } = useSession();
  const can = permissionsFor(role);
  const remove = useDeleteDelivery();
  const removePhoto = useDeleteRecordFile('deliveries', delivery.id);
  const [editing, setEditing] = useState<'header' | 'lines' | null>(null);
  const [deleting, setDeleting] = useState(false);
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
    notes: line.notes,
  }));

  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div className="flex items-baseline justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="shrink-0 text-sm text-fg-muted">{label}</dt>
      <dd
        className="min-w-0 break-words text-right text-sm font-medium text-fg"
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
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
                  owes={delivery.total_amount > delivery.paid_amount}
                  target={{ delivery: delivery.id }}
                />
              ) : null}
              {can.canUpdate ? (
                <>
                  <Button
                    variant="secondary"
                    icon={<Pencil className="size-4" aria-hidden="true" />}
                    onClick={() => setEditing('header')}
                    data-testid="delivery-edit-open"
                  >
                    {t('deliveries.detail.editDetails')}
                  </Button>
                  <Button
                    variant="secondary"
                    icon={<ListChecks className="size-4" aria-hidden="true" />}
                    onClick={() => setEditing('lines')}
                    data-testid="delivery-lines-open"
                  >
                    {t('deliveries.detail.editLines')}
                  </Button>
                </>
              ) : null}
              {can.canDelete ? (
                <Button
                  variant="secondary"
                  className="hover:border-danger/40 hover:text-danger"
                  icon={<Trash2 className="size-4" aria-hidden="true" />}
                  onClick={() => {
                    remove.reset();
                    setDeleting(true);
                  }}
                  data-testid="delivery-delete-open"
                >
                  {t('kit.actions.delete')}
                </Button>
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
            </CardBody>
          </Card>
          <Card className="order-4">
            <CardHeader>
              <CardTitle>{t('deliveries.detail.photos')}</CardTitle>
              <p className="mt-1 text-sm text-fg-muted">{t('deliveries.detail.photosHint')}</p>
            </CardHeader>
            <CardBody className="space-y-4">
              {delivery.photos.length ? (
                <PhotoGrid
                  names={delivery.photos}
                  onRemove={can.canUpdate ? (name) => removePhoto.mutate(name) : undefined}
                  removing={removePhoto.isPending ? removePhoto.variables : null}
                  testId="delivery-photos"
                />
              ) : (
                <p className="text-sm text-fg-subtle">{t('deliveries.detail.noPhotos')}</p>
              )}
              {can.canUpdate ? (
                <PhotoUploader
                  collection="deliveries"
                  recordId={delivery.id}
                  testId="delivery-photo-upload"
                />
              ) : null}
            </CardBody>
          </Card>
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
                }}
                testId="delivery-detail-totals"
              />
            </CardBody>
          </Card>
          <Card className="order-3">
            <CardHeader>
              <CardTitle>{t('deliveries.detail.details')}</CardTitle>
            </CardHeader>
            <CardBody>
              <dl className="divide-y divide-border">
                {fact(
                  t('deliveries.fields.vendor'),
                  <Link
                    to={`/vendors/${delivery.vendor}`}
                    className="text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
                    data-testid="delivery-detail-vendor-link"
                  >
                    {vendor?.name ?? '—'}
                  </Link>,
                )}
                {vendor?.company_name
                  ? fact(t('deliveries.detail.company'), vendor.company_name)
                  : null}
                {vendor?.phone ? fact(t('deliveries.detail.phone'), vendor.phone) : null}
                {vendor?.gstin ? fact(t('deliveries.detail.gstin'), vendor.gstin) : null}
                {fact(t('deliveries.fields.date'), date, 'delivery-detail-date')}
                {fact(t('deliveries.fields.reference'), delivery.delivery_reference || '—')}
              </dl>
              {delivery.notes ? (
                <div className="mt-4 rounded-xl bg-surface-muted/70 p-3">
                  <p className="text-xs font-medium text-fg-muted">
                    {t('deliveries.fields.notes')}
                  </p>
                  <p className="mt-1 whitespace-pre-line text-sm text-fg">{delivery.notes}</p>
                </div>
              ) : null}
            </CardBody>
          </Card>
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
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('deliveries.delete.title')}
        description={t('deliveries.delete.description', {
          vendor: vendor?.name ?? '—',
          date,
        })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() =>
          remove.mutate(delivery.id, {
            onSuccess: () => {
              setDeleting(false);
              toast.success(t('deliveries.toast.deleted'));
              void navigate('/deliveries');
            },
          })
        }
        tone="danger"
        testId="delivery-delete-dialog"
      />
      <RecordHistory entity="deliveries" recordId={delivery.id} />
    </div>
  );
}
