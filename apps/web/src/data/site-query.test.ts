import { OPEN_PURCHASE_ORDER_STATUSES, statusFilter } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { sitePath } from './site-query';

describe('sitePath', () => {
  it('encodes each part and leaves out empty ones', () => {
    expect(sitePath('s 1', ['items', 'a/b', 'stats'])).toBe('/api/sites/s%201/items/a%2Fb/stats');
    expect(sitePath('s1', ['stock', ''])).toBe('/api/sites/s1/stock');
  });
});

describe('open purchase orders', () => {
  it('ask for issued and partly received orders, as the PO list filter always did', () => {
    expect(statusFilter(OPEN_PURCHASE_ORDER_STATUSES)).toBe('issued,partially_received');
  });
});
