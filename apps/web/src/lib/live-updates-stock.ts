/**
 * Site stock's live notices (issue 25): an item falling below its minimum stock
 * (`{ collection: 'items', action: 'update', step: 'low_stock' }`) and a transfer the other site
 * confirmed (`{ collection: 'stock_transfers', step: 'receive' }`), a transfer on its way to this
 * site (`{ collection: 'stock_transfers', step: 'incoming' }`, issue 38). Creates of consumption,
 * transfers and counts are in the hook's NOTIFY_ON_CREATE table like every other record.
 */
import type { RecordEvent } from './live-updates';

export const LOW_STOCK_STEP = 'low_stock';

/** An item went below its minimum: everyone on the site hears, the person who caused it too. */
export function isLowStockEvent(event: RecordEvent): boolean {
  return event.collection === 'items' && event.step === LOW_STOCK_STEP && Boolean(event.id);
}

/** "Low stock: Cement", or the unnamed notice when the item could not be read. */
export function lowStockNotice(name: string | null): { key: string; name?: string } {
  const trimmed = name?.trim();
  return trimmed
    ? { key: 'live.notify.lowStock', name: trimmed }
    : { key: 'live.notify.lowStockUnnamed' };
}

/** The notice key of a transfer someone else received, else null. */
export function transferReceivedNotice(event: RecordEvent, userId: string | null): string | null {
  if (event.collection !== 'stock_transfers' || event.step !== 'receive') return null;
  if (!event.user || event.user === userId) return null;
  return 'live.notify.stockTransferReceived';
}

/** The notice key of stock someone else sent to this site (on its way), else null. */
export function transferIncomingNotice(event: RecordEvent, userId: string | null): string | null {
  if (event.collection !== 'stock_transfers' || event.step !== 'incoming') return null;
  if (!event.user || event.user === userId) return null;
  return 'live.notify.stockTransferIncoming';
}
