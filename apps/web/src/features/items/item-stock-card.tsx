/**
 * "Stock" on the item's page (issue 25): on hand with its value at the moving average, the
 * minimum level, a Low badge below it, and the item's movements (item-stock-movements.tsx).
 */
import type { Item } from '@siteledger/domain';
import { Warehouse } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { formatQuantity } from '../../components/ui/quantity-field';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { useItemStockRow } from './api';
import { ItemStockMovements } from './item-stock-movements';
import { isItemLow } from './stock-movements';

export function ItemStockCard({ item }: { item: Item }) {
  const { t } = useTranslation();
  const row = useItemStockRow(item);
  const low = isItemLow(item);
  const value = row.data ? formatRupees(row.data.value) : row.isPending ? null : '—';

  return (
    <Card data-testid="item-stock">
      <CardHeader className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <CardTitle id="item-stock-heading" className="flex items-center gap-2">
            <Warehouse className="size-4 text-fg-muted" aria-hidden="true" />
            {t('items.stock.title')}
            {low ? (
              <Badge tone="warning">
                <span data-testid="item-stock-low">{t('items.stock.low')}</span>
              </Badge>
            ) : null}
          </CardTitle>
          <p className="mt-1 text-sm text-fg-muted">{t('items.stock.description')}</p>
        </div>
        <Link
          to="/stock"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          {t('items.stock.openStock')}
        </Link>
      </CardHeader>
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-surface-muted/70 p-3.5 text-sm sm:grid-cols-3">
          <Figure
            label={t('items.stock.onHand')}
            testId="item-stock-on-hand"
            className={cn(low && 'text-warning-soft-fg', item.current_stock < 0 && 'text-danger')}
          >
            {formatQuantity(item.current_stock, item.unit)}
          </Figure>
          <Figure label={t('items.stock.value')} testId="item-stock-value">
            {value ?? <Skeleton className="h-5 w-20" />}
          </Figure>
          <Figure
            label={t('items.stock.minLevel')}
            testId="item-stock-min"
            className="col-span-2 sm:col-span-1"
          >
            {item.min_stock_level === null ? (
              <span className="font-normal text-fg-subtle">{t('items.stock.noMinimum')}</span>
            ) : (
              formatQuantity(item.min_stock_level, item.unit)
            )}
          </Figure>
        </dl>
        <ItemStockMovements itemId={item.id} unit={item.unit} />
      </CardBody>
    </Card>
  );
}

function Figure({
  label,
  testId,
  className,
  children,
}: {
  label: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd
        className="mt-0.5 truncate text-lg font-semibold tabular-nums text-fg"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}
