import { permissionsFor, type Item } from '@siteledger/domain';
import { Boxes, IndianRupee, Pencil, Trash2, Truck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { TagChips } from '../../components/tag-picker';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { formatQuantity, unitLabel } from '../../components/ui/quantity-field';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDeleteItem, useItem, useItemQuotations, useItemStats } from './api';
import { ItemDeliveryHistory } from './item-delivery-history';
import { ItemFormDialog } from './item-form-dialog';
import { FigureCard } from '../../components/record-detail/figure-card';
import { PriceRangeCard } from '../../components/record-detail/price-range-card';
import { QuotationsCard } from '../../components/record-detail/quotations-card';
import { RecordLoadError } from '../../components/record-detail/record-not-found';
import { TrendChart } from '../../components/record-detail/trend-chart';
import { RecordHistory } from '../../components/record-history';

const KEYS = 'items.detail';

/** /items/:id — figures, price range, unit-price trend, delivery history and quotations. */
export function ItemDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const can = permissionsFor(useSession().role);
  const itemQuery = useItem(id);
  const stats = useItemStats(id);
  const quotations = useItemQuotations(id);
  const remove = useDeleteItem();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // While the delete settles, the cached record is dropped: keep showing the last copy.
  const lastItem = useRef<Item | undefined>(undefined);
  if (itemQuery.data) lastItem.current = itemQuery.data;
  const deleting = remove.isPending || remove.isSuccess;
  const item = itemQuery.data ?? (deleting ? lastItem.current : undefined);
  const back = { to: '/items', label: t('items.detail.back') };

  if (!item) {
    if (itemQuery.isError) {
      return (
        <div data-testid="page-item-detail">
          <PageHeader title={t('pages.itemDetail.title')} back={back} />
          <RecordLoadError
            keyPrefix={KEYS}
            error={itemQuery.error}
            onRetry={() => void itemQuery.refetch()}
            back={back}
            testId="item-detail-error"
          />
        </div>
      );
    }
    return <DetailSkeleton back={back} />;
  }

  const unit = item.unit;
  const lines = stats.data?.deliveries;
  const hasDeliveries = item.total_delivered > 0 || (lines?.length ?? 0) > 0;
  const statsLoading = stats.isPending && !deleting;

  return (
    <div className="space-y-8" data-testid="page-item-detail">
      <PageHeader
        className="mb-0"
        title={<span data-testid="item-detail-name">{item.name}</span>}
        subtitle={
          <>
            {item.description}
            <span
              className={`flex flex-wrap items-center gap-2 ${item.description ? 'mt-2.5' : ''}`}
            >
              <span
                className="inline-flex items-center rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-medium text-fg-muted ring-1 ring-inset ring-border"
                data-testid="item-detail-unit"
              >
                {t('items.detail.unit', { unit: unitLabel(t, unit) })}
              </span>
              <TagChips tags={item.expand?.tags ?? []} max={8} />
            </span>
          </>
        }
        back={back}
        actions={
          can.canUpdate || can.canDelete ? (
            <>
              {can.canUpdate ? (
                <Button
                  variant="secondary"
                  icon={<Pencil className="size-4" aria-hidden="true" />}
                  onClick={() => setEditing(true)}
                  data-testid="item-detail-edit"
                >
                  {t('kit.actions.edit')}
                </Button>
              ) : null}
              {can.canDelete ? (
                <Button
                  variant="secondary"
                  className="hover:border-danger/40 hover:text-danger"
                  icon={<Trash2 className="size-4" aria-hidden="true" />}
                  onClick={() => {
                    remove.reset();
                    setConfirming(true);
                  }}
                  data-testid="item-detail-delete"
                >
                  {t('kit.actions.delete')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />

      <section
        aria-label={t('items.detail.figures.label')}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4"
      >
        <FigureCard
          label={t('items.fields.stock')}
          value={formatQuantity(item.stock_quantity, unit)}
          caption={t('items.detail.figures.stockCaption')}
          icon={Boxes}
          tone="blue"
          testId="item-figure-stock"
        />
        <FigureCard
          label={t('items.fields.totalDelivered')}
          value={formatQuantity(item.total_delivered, unit)}
          caption={
            !lines
              ? undefined
              : lines.length > 0
                ? t('items.detail.figures.deliveredCaption', { count: lines.length })
                : t('items.noDeliveries')
          }
          icon={Truck}
          tone="violet"
          testId="item-figure-delivered"
        />
        <FigureCard
          label={t('items.fields.averagePrice')}
          value={hasDeliveries ? formatRupees(item.average_price) : '—'}
          caption={
            hasDeliveries
              ? t('items.detail.figures.averageCaption', { unit })
              : t('items.noDeliveries')
          }
          icon={IndianRupee}
          tone="orange"
          className="col-span-2 sm:col-span-1"
          testId="item-figure-average"
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <TrendChart
            keyPrefix={KEYS}
            points={stats.data?.trend.map((point) => ({
              date: point.date,
              value: point.unit_price,
            }))}
            average={
              stats.data && stats.data.trend.length > 0 ? stats.data.price.average : undefined
            }
            loading={statsLoading}
            testId="item-trend"
          />
        </div>
        <PriceRangeCard
          keyPrefix={KEYS}
          range={stats.data?.price}
          unit={unit}
          hasData={(lines?.length ?? 0) > 0}
          loading={statsLoading}
          testId="item-price-range"
        />
      </div>

      <ItemDeliveryHistory
        lines={lines}
        unit={unit}
        loading={statsLoading}
        error={deleting ? null : stats.error}
        onRetry={() => void stats.refetch()}
        canRecord={can.canCreate}
      />

      <QuotationsCard
        keyPrefix={KEYS}
        quotations={quotations.data?.items}
        total={quotations.data?.totalItems}
        unit={unit}
        loading={quotations.isPending}
        error={quotations.error}
        onRetry={() => void quotations.refetch()}
        viewAllHref={`/quotations?item=${encodeURIComponent(item.id)}`}
        testId="item-quotations"
      />

      <ItemFormDialog open={editing} onOpenChange={setEditing} item={item} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('items.delete.title')}
        description={t('items.delete.description', { name: item.name })}
        confirmLabel={t('kit.actions.delete')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => {
          const name = item.name;
          remove.mutate(item.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('items.toast.deleted', { name }));
              void navigate('/items', { replace: true });
            },
          });
        }}
        testId="item-delete-dialog"
      />
      <RecordHistory entity="items" recordId={item.id} />
    </div>
  );
}

function DetailSkeleton({ back }: { back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-8" data-testid="item-detail-loading" aria-busy="true">
      <PageHeader
        className="mb-0"
        title={<span className="sr-only">{t('common.loading')}</span>}
        back={back}
      >
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-5 w-40" />
      </PageHeader>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {[0, 1, 2].map((index) => (
          <Skeleton
            key={index}
            className={`h-28 rounded-2xl sm:h-32 ${index === 2 ? 'col-span-2 sm:col-span-1' : ''}`}
          />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    </div>
  );
}
