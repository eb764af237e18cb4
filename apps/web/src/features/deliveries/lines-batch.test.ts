import type { DeliveryItem } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { lineUrl } from './api';
import { failedStep, linesBatch, withRelease } from './lines-batch';

const savedLine = (id: string, name: string, patch: Partial<DeliveryItem> = {}): DeliveryItem => ({
  id,
  site: 's1',
  delivery: 'd1',
  item: `item-${id}`,
  quantity: 2,
  unit_price: 100,
  total_amount: 200,
  gst_rate: null,
  cgst_amount: 0,
  sgst_amount: 0,
  igst_amount: 0,
  purchase_order_line: null,
  notes: null,
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-01T00:00:00Z',
  expand: { item: { id: `item-${id}`, name, unit: 'bag' } },
  ...patch,
});

describe('lines editor batch', () => {
  it('posts new lines, patches changed fields only and deletes removed lines', () => {
    const saved = [savedLine('a', 'Cement'), savedLine('b', 'Sand'), savedLine('c', 'Steel')];
    const { requests, targets } = linesBatch(
      [
        { lineId: 'a', item: 'item-a', quantity: 2, unit_price: 100, notes: '' },
        { lineId: 'b', item: 'item-b', quantity: 3, unit_price: 100, notes: ' wet ' },
        { item: 'item-n', quantity: 1, unit_price: 50, notes: '' },
      ],
      saved,
      'd1',
      's1',
    );
    expect(requests).toEqual([
      { method: 'PATCH', url: lineUrl('s1', 'b'), body: { quantity: 3, notes: 'wet' } },
      {
        method: 'POST',
        url: lineUrl('s1'),
        body: {
          delivery: 'd1',
          item: 'item-n',
          quantity: 1,
          unit_price: 50,
          gst_rate: null,
          notes: null,
        },
      },
      { method: 'DELETE', url: lineUrl('s1', 'c') },
    ]);
    expect(targets).toEqual([{ line: 1 }, { line: 2 }, { removed: 'Steel' }]);
  });

  it('sends a line’s GST rate when it is new or changed, null for no GST', () => {
    const saved = [savedLine('a', 'Cement', { gst_rate: 28 }), savedLine('b', 'Sand')];
    const { requests } = linesBatch(
      [
        { lineId: 'a', item: 'item-a', quantity: 2, unit_price: 100, gst_rate: null, notes: '' },
        { lineId: 'b', item: 'item-b', quantity: 2, unit_price: 100, gst_rate: 5, notes: '' },
        { item: 'item-n', quantity: 1, unit_price: 50, gst_rate: 18, notes: '' },
      ],
      saved,
      'd1',
      's1',
    );
    expect(requests).toEqual([
      { method: 'PATCH', url: lineUrl('s1', 'a'), body: { gst_rate: null } },
      { method: 'PATCH', url: lineUrl('s1', 'b'), body: { gst_rate: 5 } },
      {
        method: 'POST',
        url: lineUrl('s1'),
        body: {
          delivery: 'd1',
          item: 'item-n',
          quantity: 1,
          unit_price: 50,
          gst_rate: 18,
          notes: null,
        },
      },
    ]);
    const unchanged = linesBatch(
      [{ lineId: 'a', item: 'item-a', quantity: 2, unit_price: 100, gst_rate: 28, notes: '' }],
      [saved[0] as DeliveryItem],
      'd1',
      's1',
    );
    expect(unchanged.requests).toEqual([]);
  });

  it('sends nothing when no line changed', () => {
    const saved = [savedLine('a', 'Cement')];
    const batch = linesBatch(
      [{ lineId: 'a', item: 'item-a', quantity: 2, unit_price: 100, notes: '' }],
      saved,
      'd1',
      's1',
    );
    expect(batch).toEqual({ requests: [], targets: [] });
  });

  it('asks to release an overpayment on every PATCH, or on a kept line when only removing', () => {
    const patch = { method: 'PATCH' as const, url: lineUrl('s1', 'a'), body: { quantity: 1 } };
    expect(withRelease([patch], [])).toEqual([
      { ...patch, body: { quantity: 1, release_overpayment: true } },
    ]);
    const remove = { method: 'DELETE' as const, url: lineUrl('s1', 'b') };
    expect(withRelease([remove], [{ id: 'a' }, { id: 'b' }])).toEqual([
      remove,
      { method: 'PATCH', url: lineUrl('s1', 'a'), body: { release_overpayment: true } },
    ]);
  });

  it('reads the failing request of a BATCH_FAILED answer', () => {
    const error = new ApiError(400, 'BATCH_FAILED', 'Batch failed', {
      index: 1,
      error: { code: 'VALIDATION_FAILED', message: 'Check the line', data: { quantity: {} } },
    });
    expect(failedStep(error)).toEqual({
      index: 1,
      error: { code: 'VALIDATION_FAILED', message: 'Check the line', data: { quantity: {} } },
    });
    expect(failedStep(new Error('offline'))).toBeNull();
  });
});
