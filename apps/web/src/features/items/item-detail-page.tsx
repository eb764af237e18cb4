import type { ComponentProps } from 'react';
import { TagChips } from '../../components/tag-picker';
import { RecordDeleteConfirm } from '../../components/record-detail/record-delete-confirm';
import { RecordHeader } from '../../components/record-detail/detail-actions';
import { GstRatePill, Pill, PillSubtitle } from '../../components/record-detail/pill';
import { RecordPending } from '../../components/record-detail/record-pending';
import { useStatsDetail } from '../../components/record-detail/use-stats-detail';
import { unitLabel } from '../../components/ui/quantity-field';
import { FigureSkeletons } from '../../components/record-detail/figure-card';
import { useDeleteItem, useItem, useItemQuotations, useItemStats } from './api';
import { ItemDeliveryHistory } from './item-delivery-history';
import { ItemFigures, ITEM_FIGURES_GRID, LAST_FIGURE_SPAN } from './item-figures';
import { ItemFormDialog } from './item-form-dialog';
import { ItemStockCard } from './item-stock-card';
import { PriceTrendRow } from '../../components/record-detail/price-trend-row';
import { QuotationsCard } from '../../components/record-detail/quotations-card';
import { RecordHistory } from '../../components/record-history';

const KEYS = 'items.detail';

/**
 * /items/:id — figures, stock and its movements, price range, unit-price trend, delivery history
 * and quotations.
 */
export function ItemDetailPage() {
  const page = useStatsDetail(
    {
      useRecord: useItem,
      useStats: useItemStats,
      useQuotations: useItemQuotations,
      useDelete: useDeleteItem,
    },
    { to: '/items', labelKey: 'items.detail.back' },
  );
  const { record: item, t, stats, quotations, remove, editing, setEditing, confirm } = page;
  const { back, statsLoading } = page;

  if (!item) return <DetailSkeleton back={back} query={page.query} />;

  const unit = item.unit;
  const lines = stats.data?.deliveries;

  return (
    <div className="space-y-8" data-testid="page-item-detail">
      <RecordHeader
        one="item"
        name={item.name}
        subtitle={
          <PillSubtitle description={item.description}>
            <Pill testId="item-detail-unit">
              {t('items.detail.unit', { unit: unitLabel(t, unit) })}
            </Pill>
            {item.hsn_code ? (
              <Pill testId="item-detail-hsn">
                {t('gst.item.hsnValue', { code: item.hsn_code })}
              </Pill>
            ) : null}
            <GstRatePill rate={item.gst_rate} testId="item-detail-gst" />
            <TagChips tags={item.expand?.tags ?? []} max={8} />
          </PillSubtitle>
        }
        {...page.headerActions}
      />

      <ItemFigures item={item} lines={lines} />

      <ItemStockCard item={item} />

      <PriceTrendRow
        keyPrefix={KEYS}
        points={stats.data?.trend.map((point) => ({ date: point.date, value: point.unit_price }))}
        average={stats.data && stats.data.trend.length > 0 ? stats.data.price.average : undefined}
        range={stats.data?.price}
        unit={unit}
        hasData={(lines?.length ?? 0) > 0}
        loading={statsLoading}
        testId="item"
        rangeId="price-range"
      />

      <ItemDeliveryHistory lines={lines} unit={unit} {...page.history} />

      <QuotationsCard
        keyPrefix={KEYS}
        query={quotations}
        unit={unit}
        viewAllHref={`/quotations?item=${encodeURIComponent(item.id)}`}
        testId="item-quotations"
      />

      <ItemFormDialog open={editing} onOpenChange={setEditing} item={item} />
      <RecordDeleteConfirm ns="items" one="item" target={confirm} mutation={remove} />
      <RecordHistory entity="items" recordId={item.id} />
    </div>
  );
}

function DetailSkeleton(props: Pick<ComponentProps<typeof RecordPending>, 'back' | 'query'>) {
  return (
    <RecordPending
      {...props}
      one="item"
      ns="items"
      subtitleClassName="w-40"
      figures={
        <FigureSkeletons
          className={ITEM_FIGURES_GRID}
          count={3}
          cardClassName={(index) => (index === 2 ? LAST_FIGURE_SPAN : '')}
        />
      }
    />
  );
}
