import type { Item, ItemStats } from '@siteledger/domain';
import { Boxes, IndianRupee, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FigureCards } from '../../components/record-detail/figure-card';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';

/** The figures' grid, the loading placeholders' too. */
export const ITEM_FIGURES_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4';
/** The third card spans the row on phones. */
export const LAST_FIGURE_SPAN = 'col-span-2 sm:col-span-1';

/** The item's key figures: stock, total delivered and the average price paid. */
export function ItemFigures({
  item,
  lines,
}: {
  item: Item;
  /** The delivery lines (undefined while the stats load). */
  lines: ItemStats['deliveries'] | undefined;
}) {
  const { t } = useTranslation();
  const unit = item.unit;
  const hasDeliveries = item.total_delivered > 0 || (lines?.length ?? 0) > 0;
  return (
    <FigureCards
      label={t('items.detail.figures.label')}
      className={ITEM_FIGURES_GRID}
      cards={[
        {
          label: t('items.fields.stock'),
          value: formatQuantity(item.current_stock, unit),
          caption: t('items.detail.figures.stockCaption'),
          icon: Boxes,
          tone: 'blue',
          testId: 'item-figure-stock',
        },
        {
          label: t('items.fields.totalDelivered'),
          value: formatQuantity(item.total_delivered, unit),
          caption: !lines
            ? undefined
            : lines.length > 0
              ? t('items.detail.figures.deliveredCaption', { count: lines.length })
              : t('items.noDeliveries'),
          icon: Truck,
          tone: 'violet',
          testId: 'item-figure-delivered',
        },
        {
          label: t('items.fields.averagePrice'),
          value: hasDeliveries ? formatRupees(item.average_price) : '—',
          caption: hasDeliveries
            ? t('items.detail.figures.averageCaption', { unit })
            : t('items.noDeliveries'),
          icon: IndianRupee,
          tone: 'orange',
          className: LAST_FIGURE_SPAN,
          testId: 'item-figure-average',
        },
      ]}
    />
  );
}
