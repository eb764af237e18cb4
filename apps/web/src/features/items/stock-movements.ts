/**
 * An item's stock on its page (issue 25, API.md "Site stock"): whether it is below its minimum,
 * how each movement reads (its kind, a signed quantity and value) and which page shows the record
 * that made it.
 */
import {
  isLowStock,
  toMilli,
  type Item,
  type StockMovement,
  type StockMovementKind,
} from '@siteledger/domain';
import { formatQuantity } from '../../components/ui/quantity-field';
import { formatRupees } from '../../lib/format';

/** The i18n key of a movement kind's label ("Delivery", "Transfer out", "Count adjustment"…). */
export function movementKindKey(kind: StockMovementKind): string {
  return `items.stock.kinds.${kind}`;
}

/**
 * The page of the record behind a movement, or null where none exists: deliveries, consumption
 * and transfers have pages of their own, returns their list; a count adjustment has none.
 */
export function movementHref(movement: Pick<StockMovement, 'kind' | 'source_id'>): string | null {
  const id = encodeURIComponent(movement.source_id);
  switch (movement.kind) {
    case 'delivery':
      return `/deliveries/${id}`;
    case 'return':
      return '/vendor-returns';
    case 'consumption':
      return `/stock/${id}`;
    case 'transfer_out':
    case 'transfer_in':
      return `/stock/transfers/${id}`;
    default:
      return null;
  }
}

/** True when the item has a minimum and its stock on hand is below it (compared in thousandths). */
export function isItemLow(item: Pick<Item, 'current_stock' | 'min_stock_level'>): boolean {
  const min = item.min_stock_level;
  return isLowStock(toMilli(item.current_stock), min === null ? null : toMilli(min));
}

const MINUS = '\u2212';

/** "+12.5 bag" in, "−3 bag" out, "0 bag" for none. */
export function signedQuantity(quantity: number, unit?: string): string {
  if (quantity > 0) return `+${formatQuantity(quantity, unit)}`;
  if (quantity < 0) return `${MINUS}${formatQuantity(-quantity, unit)}`;
  return formatQuantity(0, unit);
}

/** "+₹1,250.00" / "−₹310.50". */
export function signedRupees(value: number): string {
  if (value > 0) return `+${formatRupees(value)}`;
  if (value < 0) return `${MINUS}${formatRupees(-value)}`;
  return formatRupees(0);
}
