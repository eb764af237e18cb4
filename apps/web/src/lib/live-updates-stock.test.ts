import { describe, expect, it } from 'vitest';
import type { RecordEvent } from './live-updates';
import { NOTIFY_ON_CREATE } from './live-updates-hook';
import {
  isLowStockEvent,
  lowStockNotice,
  transferIncomingNotice,
  transferReceivedNotice,
} from './live-updates-stock';

const event = (fields: Partial<RecordEvent>): RecordEvent => ({
  collection: 'items',
  action: 'update',
  id: 'i1',
  user: 'u2',
  ...fields,
});

describe('stock notices', () => {
  it('tells a low-stock event from other item updates', () => {
    expect(isLowStockEvent(event({ step: 'low_stock' }))).toBe(true);
    expect(isLowStockEvent(event({}))).toBe(false);
    expect(isLowStockEvent(event({ step: 'low_stock', id: null }))).toBe(false);
    expect(isLowStockEvent(event({ collection: 'services', step: 'low_stock' }))).toBe(false);
  });

  it('names the item when it can, else says an item fell below its minimum', () => {
    expect(lowStockNotice(' Cement ')).toEqual({ key: 'live.notify.lowStock', name: 'Cement' });
    expect(lowStockNotice(null)).toEqual({ key: 'live.notify.lowStockUnnamed' });
    expect(lowStockNotice('  ')).toEqual({ key: 'live.notify.lowStockUnnamed' });
  });

  it('announces a transfer received by someone else', () => {
    const received = event({ collection: 'stock_transfers', step: 'receive' });
    expect(transferReceivedNotice(received, 'u1')).toBe('live.notify.stockTransferReceived');
    expect(transferReceivedNotice(received, 'u2')).toBeNull();
    expect(transferReceivedNotice(event({ collection: 'stock_transfers' }), 'u1')).toBeNull();
  });

  it('announces stock someone else sent to this site as on its way (issue 38)', () => {
    const incoming = event({ collection: 'stock_transfers', action: 'create', step: 'incoming' });
    expect(transferIncomingNotice(incoming, 'u1')).toBe('live.notify.stockTransferIncoming');
    expect(transferIncomingNotice(incoming, 'u2')).toBeNull();
    expect(
      transferIncomingNotice(event({ collection: 'stock_transfers', action: 'create' }), 'u1'),
    ).toBeNull();
  });

  it('titles new consumption, transfers and counts', () => {
    expect(NOTIFY_ON_CREATE).toMatchObject({
      stock_consumptions: 'live.notify.stock_consumptions',
      stock_transfers: 'live.notify.stock_transfers',
      stock_adjustments: 'live.notify.stock_adjustments',
    });
  });
});
