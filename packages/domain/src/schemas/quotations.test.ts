import { describe, expect, it } from 'vitest';
import { quotationTargetIssues, zQuotationCreate, zQuotationUpdate } from './quotations.js';
import { zServiceCreate, zServiceUpdate } from './services.js';

const vendor = 'v'.repeat(15);
const item = 'i'.repeat(15);
const service = 's'.repeat(15);

describe('quotation target', () => {
  it('an item quotation names the item and no service; a service quotation the reverse', () => {
    expect(quotationTargetIssues({ quotation_type: 'item', item })).toEqual([]);
    expect(quotationTargetIssues({ quotation_type: 'service', service })).toEqual([]);
    expect(quotationTargetIssues({ quotation_type: 'item', service }).map((i) => i.path)).toEqual([
      'item',
      'service',
    ]);
    expect(
      quotationTargetIssues({ quotation_type: 'service', service, item }).map((i) => i.path),
    ).toEqual(['item']);
  });

  it('create defaults the status to pending and checks price and quantity', () => {
    const q = zQuotationCreate.parse({ vendor, quotation_type: 'item', item, unit_price: 10.5 });
    expect(q.status).toBe('pending');
    for (const extra of [{ unit_price: 0 }, { minimum_quantity: 1.0001 }, { status: 'won' }]) {
      expect(
        zQuotationCreate.safeParse({
          vendor,
          quotation_type: 'item',
          item,
          unit_price: 1,
          ...extra,
        }).success,
      ).toBe(false);
    }
  });

  it('an update never fills defaults in', () => {
    expect(zQuotationUpdate.parse({ unit_price: 2 })).toEqual({ unit_price: 2 });
  });
});

describe('service schemas', () => {
  it('create defaults is_active to true; update leaves it alone', () => {
    const base = { name: 'Mason', category: 'labor', unit: 'day', standard_rate: 900 };
    expect(zServiceCreate.parse(base).is_active).toBe(true);
    expect(zServiceUpdate.parse({ standard_rate: 1 })).toEqual({ standard_rate: 1 });
    expect(zServiceCreate.safeParse({ ...base, unit: 'week' }).success).toBe(false);
    expect(zServiceCreate.safeParse({ ...base, standard_rate: -1 }).success).toBe(false);
  });
});
