/**
 * The item's stock movements, newest first, a page at a time ("Show more"): date, kind, signed
 * quantity and value, each linking to the record that made it where that has a page.
 */
import type { StockMovement } from '@siteledger/domain';
import { ArrowLeftRight, ChevronRight, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompactEmpty } from '../../components/record-detail/figure-card';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { useItemMovements } from './api';
import { movementHref, movementKindKey, signedQuantity, signedRupees } from './stock-movements';

export function ItemStockMovements({ itemId, unit }: { itemId: string; unit: string }) {
  const { t } = useTranslation();
  const movements = useItemMovements(itemId);
  const rows = movements.data?.pages.flatMap((page) => page.items);
  const total = movements.data?.pages[0]?.totalItems;

  return (
    <section aria-labelledby="item-movements-heading" data-testid="item-movements">
      <h3 id="item-movements-heading" className="mb-2 text-sm font-semibold text-fg">
        {t('items.stock.movements')}
        {total !== undefined ? (
          <span className="ml-2 rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium tabular-nums text-fg-muted">
            {total}
          </span>
        ) : null}
      </h3>
      {movements.isPending ? (
        <div className="space-y-2" data-testid="item-movements-loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-12 rounded-lg" />
          ))}
        </div>
      ) : movements.isError && !rows ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
          <span>{errorMessage(movements.error, t)}</span>
          <Button
            variant="secondary"
            size="sm"
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
            onClick={() => void movements.refetch()}
          >
            {t('common.retry')}
          </Button>
        </div>
      ) : rows && rows.length > 0 ? (
        <>
          <ul className="divide-y divide-border rounded-xl border border-border">
            {rows.map((movement) => (
              <MovementRow key={movement.id} movement={movement} unit={unit} />
            ))}
          </ul>
          {movements.hasNextPage ? (
            <Button
              variant="secondary"
              className="mt-3 w-full sm:w-auto"
              loading={movements.isFetchingNextPage}
              onClick={() => void movements.fetchNextPage()}
              data-testid="item-movements-more"
            >
              {t('items.stock.showMore')}
            </Button>
          ) : null}
        </>
      ) : (
        <div className="rounded-xl border border-border">
          <CompactEmpty
            icon={ArrowLeftRight}
            title={t('items.stock.emptyTitle')}
            description={t('items.stock.emptyDescription')}
          />
        </div>
      )}
    </section>
  );
}

function MovementRow({ movement, unit }: { movement: StockMovement; unit: string }) {
  const { t, i18n } = useTranslation();
  const href = movementHref(movement);
  const tone = movement.quantity < 0 ? 'text-danger' : 'text-success';
  const body = (
    <>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-fg">
          {t(movementKindKey(movement.kind))}
        </span>
        <span className="block text-xs text-fg-muted">
          {formatBusinessDate(movement.movement_date, i18n.language)}
        </span>
      </span>
      <span className="shrink-0 text-right">
        <span className={cn('block text-sm font-semibold tabular-nums', tone)}>
          {signedQuantity(movement.quantity, unit)}
        </span>
        <span className="block text-xs tabular-nums text-fg-muted">
          {signedRupees(movement.value)}
        </span>
      </span>
    </>
  );
  const testId = `item-movement-${movement.id}`;
  return (
    <li data-kind={movement.kind}>
      {href ? (
        <Link
          to={href}
          data-testid={testId}
          className="group flex items-center gap-3 px-3.5 py-2.5 hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          {body}
          <ChevronRight
            className="size-4 shrink-0 text-fg-subtle group-hover:text-primary"
            aria-hidden="true"
          />
        </Link>
      ) : (
        <div data-testid={testId} className="flex items-center gap-3 px-3.5 py-2.5 pr-10">
          {body}
        </div>
      )}
    </li>
  );
}
