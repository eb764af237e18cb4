import type { Item } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '../../components/tag-picker';
import { Badge } from '../../components/ui/badge';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';
import { isItemLow } from './stock-movements';
import { CardFigure, CardHead } from '../../components/list-page/card-head';
import { NameCell } from '../../components/list-page/name-cell';

function AveragePrice({ item }: { item: Item }) {
  const { t } = useTranslation();
  return item.total_delivered > 0 ? (
    <span className="font-medium">{formatRupees(item.average_price)}</span>
  ) : (
    <span className="text-fg-subtle" title={t('items.noDeliveries')}>
      —
    </span>
  );
}

/** On hand, with a Low badge when the item is below its minimum stock level. */
function OnHand({ item, withUnit }: { item: Item; withUnit: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5">
      {isItemLow(item) ? (
        <Badge tone="warning">
          <span data-testid={`item-low-${item.id}`}>{t('items.stock.low')}</span>
        </Badge>
      ) : null}
      <span className={item.current_stock < 0 ? 'text-danger' : undefined}>
        {formatQuantity(item.current_stock, withUnit ? item.unit : undefined)}
      </span>
    </span>
  );
}

/** The items list's columns and phone card; `actions` are the row's edit/delete buttons. */
export function useItemColumns(
  actions: (item: Item) => ReactNode,
  actionsColumn: DataTableColumn<Item>[],
) {
  const { t } = useTranslation();
  const columns: DataTableColumn<Item>[] = [
    {
      key: 'name',
      header: t('items.fields.name'),
      sortKey: 'name',
      cell: (item) => <NameCell name={item.name} detail={item.description} />,
    },
    {
      key: 'unit',
      header: t('items.fields.unit'),
      sortKey: 'unit',
      cell: (item) => <span className="text-fg-muted">{item.unit}</span>,
    },
    {
      key: 'tags',
      header: t('items.fields.categories'),
      hideBelow: 'lg',
      cell: (item) => <TagChips tags={item.expand?.tags ?? []} max={2} />,
    },
    {
      key: 'stock',
      header: t('items.fields.stock'),
      align: 'right',
      cell: (item) => <OnHand item={item} withUnit />,
    },
    {
      key: 'delivered',
      header: t('items.fields.totalDelivered'),
      align: 'right',
      hideBelow: 'xl',
      cell: (item) => formatQuantity(item.total_delivered, item.unit),
    },
    {
      key: 'price',
      header: t('items.fields.averagePrice'),
      align: 'right',
      cell: (item) => <AveragePrice item={item} />,
    },
    ...actionsColumn,
  ];

  const mobileCard = (item: Item) => (
    <div className="space-y-3">
      <CardHead title={item.name} subtitle={item.unit} aside={actions(item)} />
      <TagChips tags={item.expand?.tags ?? []} max={4} />
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <CardFigure label={t('items.fields.stock')}>
          <OnHand item={item} withUnit={false} />
        </CardFigure>
        <CardFigure label={t('items.fields.delivered')}>
          {formatQuantity(item.total_delivered)}
        </CardFigure>
        <CardFigure
          label={t('items.fields.averagePrice')}
          className="min-w-0 text-right"
          valueClassName="truncate tabular-nums text-fg"
        >
          <AveragePrice item={item} />
        </CardFigure>
      </dl>
    </div>
  );

  return { columns, mobileCard };
}
