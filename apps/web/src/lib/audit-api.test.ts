import { describe, expect, it } from 'vitest';
import { formatAuditValue, humanizeField, recordHref } from './audit-api';

const money = (rupees: number) => `₹${rupees.toFixed(2)}`;

describe('audit trail values', () => {
  it('shows amounts as money and everything else as it is', () => {
    expect(formatAuditValue('total_amount', 4818.75, money)).toBe('₹4818.75');
    expect(formatAuditValue('unit_price', 385.5, money)).toBe('₹385.50');
    expect(formatAuditValue('quantity', 12.5, money)).toBe('12.5');
    expect(formatAuditValue('name', 'Shree Cement', money)).toBe('Shree Cement');
    expect(formatAuditValue('notes', null, money)).toBe('—');
    expect(formatAuditValue('photos', [], money)).toBe('—');
    expect(formatAuditValue('photos', ['a.png', 'b.png'], money)).toBe('a.png, b.png');
  });

  it('reads lines and allocations entry by entry', () => {
    expect(
      formatAuditValue(
        'allocations',
        [{ delivery: 'd1', service_booking: null, allocated_amount: 600 }],
        money,
      ),
    ).toBe('Delivery: d1, Allocated amount: ₹600.00');
  });

  it('names fields and links records that have a page', () => {
    expect(humanizeField('delivery_reference')).toBe('Delivery reference');
    expect(recordHref('vendors', 'v1')).toBe('/vendors/v1');
    expect(recordHref('tags', 't1')).toBeNull();
  });
});
