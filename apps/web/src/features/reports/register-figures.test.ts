import { describe, expect, it } from 'vitest';
import { grandTotals, rowHref, rowKey, taxOf } from './register-figures';

describe('purchase register figures', () => {
  const at = (rate: number | null, taxable: number, igst: number, cgst = 0, other = 0) => ({
    gst_rate: rate,
    taxable_amount: taxable,
    cgst_amount: cgst,
    sgst_amount: cgst,
    igst_amount: igst,
    other_tax_amount: other,
    invoice_value: taxable + igst + 2 * cgst + other,
  });

  it('adds tax heads and rates in paise, without float drift', () => {
    expect(taxOf(at(18, 100.1, 18.02))).toBe(18.02);
    expect(taxOf(at(5, 0.1, 0, 0.1, 0.2))).toBe(0.4);
    const grand = grandTotals([at(18, 1000.1, 180.02), at(28, 2000.2, 560.06), at(null, 0.3, 0)]);
    expect(grand).toEqual({
      taxable_amount: 3000.6,
      cgst_amount: 0,
      sgst_amount: 0,
      igst_amount: 740.08,
      other_tax_amount: 0,
    });
  });

  it('opens a delivery on its page and bookings and returns from their lists', () => {
    expect(rowHref({ kind: 'delivery', id: 'd1' })).toBe('/deliveries/d1');
    expect(rowHref({ kind: 'booking', id: 'b1' })).toBe('/service-bookings');
    expect(rowHref({ kind: 'return', id: 'r1' })).toBe('/vendor-returns');
    expect(rowKey({ kind: 'delivery', id: 'd1', gst_rate: 18 })).not.toBe(
      rowKey({ kind: 'delivery', id: 'd1', gst_rate: 28 }),
    );
  });
});
