import { STOCK_MOVEMENT_KINDS } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import {
  isItemLow,
  movementHref,
  movementKindKey,
  signedQuantity,
  signedRupees,
} from './stock-movements';

describe("an item's stock movements", () => {
  it('has a label for every kind', () => {
    expect(STOCK_MOVEMENT_KINDS.map(movementKindKey)).toEqual([
      'items.stock.kinds.delivery',
      'items.stock.kinds.return',
      'items.stock.kinds.consumption',
      'items.stock.kinds.transfer_out',
      'items.stock.kinds.transfer_in',
      'items.stock.kinds.adjustment',
    ]);
  });

  it('links each movement to the page of the record that made it, where there is one', () => {
    const at = (kind: (typeof STOCK_MOVEMENT_KINDS)[number]) =>
      movementHref({ kind, source_id: 'r1' });
    expect(at('delivery')).toBe('/deliveries/r1');
    expect(at('return')).toBe('/vendor-returns');
    expect(at('consumption')).toBe('/stock/r1');
    expect(at('transfer_out')).toBe('/stock/transfers/r1');
    expect(at('transfer_in')).toBe('/stock/transfers/r1');
    expect(at('adjustment')).toBeNull();
  });

  it('is low only below a minimum that is set, compared without float drift', () => {
    expect(isItemLow({ current_stock: 9.999, min_stock_level: 10 })).toBe(true);
    expect(isItemLow({ current_stock: 10, min_stock_level: 10 })).toBe(false);
    expect(isItemLow({ current_stock: 0.3, min_stock_level: 0.1 + 0.2 })).toBe(false);
    expect(isItemLow({ current_stock: -2, min_stock_level: 0 })).toBe(true);
    expect(isItemLow({ current_stock: 0, min_stock_level: null })).toBe(false);
  });

  it('signs quantities and values with Indian grouping', () => {
    expect(signedQuantity(1250.5, 'bag')).toBe('+1,250.5 bag');
    expect(signedQuantity(-3, 'bag')).toBe('−3 bag');
    expect(signedQuantity(0, 'bag')).toBe('0 bag');
    expect(signedRupees(123456.7)).toBe('+₹1,23,456.70');
    expect(signedRupees(-310.5)).toBe('−₹310.50');
  });
});
