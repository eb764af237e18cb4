/**
 * An item's stock on hand under a form's item picker: from the site's stock (GET …/stock, also
 * its average cost) when loaded, else the item's own `current_stock` (a cached list offline).
 */
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/ui/quantity-field';
import { useEntityRecords } from '../../lib/entity-options';
import { cn } from '../../lib/cn';
import { useStock } from './api';
import { onHandAfter } from './consumption-form';

export interface ItemOnHand {
  /** The item's name (what a queued consumption is listed by). */
  name: string;
  onHand: number;
  unit: string;
  /** Rupees per unit at the site's average; null when the stock report is not at hand. */
  averageCost: number | null;
  low: boolean;
}

export function useItemOnHand(itemId: string | null | undefined): ItemOnHand | null {
  const stock = useStock({});
  const [item] = useEntityRecords('items', [itemId]);
  if (!itemId) return null;
  const row = stock.data?.items.find((entry) => entry.item === itemId);
  if (row) {
    return {
      name: row.name,
      onHand: row.on_hand,
      unit: row.unit,
      averageCost: row.average_cost,
      low: row.low,
    };
  }
  if (!item) return null;
  return {
    name: item.name,
    onHand: item.current_stock,
    unit: item.unit,
    averageCost: null,
    low: false,
  };
}

/** "On hand: 40 bag · after this: 35 bag" (in red when it would go below zero). */
export function ItemOnHandHint({
  onHand,
  quantity,
  ownQuantity = 0,
  testId,
}: {
  onHand: ItemOnHand | null;
  quantity: number | undefined;
  ownQuantity?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!onHand) return null;
  const after = onHandAfter(onHand.onHand, quantity, ownQuantity);
  const short = after !== null && after < 0;
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 text-sm',
        short ? 'text-danger' : 'text-fg-muted',
      )}
      data-testid={testId}
      data-on-hand={onHand.onHand}
    >
      {short ? <TriangleAlert className="size-4" aria-hidden="true" /> : null}
      <span>
        {t('stock.form.onHand', {
          quantity: formatQuantity(onHand.onHand + ownQuantity, onHand.unit),
        })}
      </span>
      {after !== null && quantity ? (
        <>
          <span aria-hidden="true">·</span>
          <span>{t('stock.form.after', { quantity: formatQuantity(after, onHand.unit) })}</span>
        </>
      ) : null}
    </p>
  );
}
