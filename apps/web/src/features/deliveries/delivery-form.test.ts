import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  createDeliverySchema,
  itemsPaise,
  linePaise,
  roundOffToRupee,
  validationErrors,
} from './delivery-form';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('delivery form arithmetic (paise, never rupee floats)', () => {
  it('rounds a line total to the paisa once', () => {
    expect(linePaise(1520.755, 68.4)).toBe(10_401_964); // ₹1,04,019.642 → ₹1,04,019.64
    expect(linePaise(125.5, 385.5)).toBe(4_838_025);
    expect(linePaise(0.1, 0.3)).toBe(3);
    expect(linePaise(undefined, 10)).toBeNull();
    expect(linePaise(2, Number.NaN)).toBeNull();
  });

  it('adds the lines being typed, and rounds to the nearest rupee', () => {
    const lines = [
      { quantity: 125.5, unit_price: 385.5 },
      { quantity: 2.75, unit_price: 6400 },
      { quantity: undefined, unit_price: 12 },
    ];
    expect(itemsPaise(lines)).toBe(4_838_025 + 1_760_000);
    expect(roundOffToRupee(17_125_019)).toBe(-19);
    expect(roundOffToRupee(17_124_989)).toBe(11);
    expect(roundOffToRupee(100)).toBe(0);
  });

  it('checks a delivery: vendor, lines, totals; round-off may be negative', () => {
    const base = {
      vendor: 'v',
      delivery_date: '2025-06-02',
      delivery_reference: '',
      notes: '',
      lines: [{ item: 'i', quantity: 2, unit_price: 10, notes: '' }],
    };
    expect(createDeliverySchema.safeParse({ ...base, round_off: -0.49 }).success).toBe(true);
    expect(message(createDeliverySchema.safeParse({ ...base, vendor: '' }))).toBe(
      'deliveries.validation.vendorRequired',
    );
    expect(message(createDeliverySchema.safeParse({ ...base, lines: [] }))).toBe(
      'deliveries.validation.atLeastOneLine',
    );
    expect(message(createDeliverySchema.safeParse({ ...base, round_off: -20 }))).toBe(
      'deliveries.validation.totalPositive',
    );
    expect(
      message(
        createDeliverySchema.safeParse({
          ...base,
          lines: [{ item: 'i', quantity: 0.001, unit_price: 1, notes: '' }],
        }),
      ),
    ).toBe('deliveries.validation.lineTotalZero');
  });

  it("takes the domain's text limits: a reference over 200, a line note over 2000", () => {
    const base = {
      vendor: 'v',
      delivery_date: '2025-06-02',
      delivery_reference: ' INV-7 ',
      notes: '',
      lines: [{ item: 'i', quantity: 2, unit_price: 10, notes: '' }],
    };
    const parsed = createDeliverySchema.safeParse(base);
    expect(parsed.success && parsed.data.delivery_reference).toBe('INV-7');
    const long = createDeliverySchema.safeParse({
      ...base,
      delivery_reference: 'r'.repeat(201),
      lines: [{ item: 'i', quantity: 2, unit_price: 10, notes: 'n'.repeat(2001) }],
    });
    expect(long.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['delivery_reference', 'validation.tooLong'],
      ['lines.0.notes', 'validation.tooLong'],
    ]);
  });

  it('puts server field errors of lines under the form lines', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Please check your input', {
      vendor: { code: 'invalid_reference', message: 'Unknown vendor' },
      'delivery_items.1.item': { code: 'invalid_reference', message: 'Unknown item' },
      'delivery_items.0.total_amount': { code: 'too_small', message: 'Too small' },
    });
    expect(validationErrors(error)).toEqual([
      ['vendor', 'Unknown vendor'],
      ['lines.1.item', 'Unknown item'],
      ['lines.0.unit_price', 'Too small'],
    ]);
    expect(validationErrors(new ApiError(409, 'DELIVERY_HAS_PAYMENTS', 'x'))).toEqual([]);
  });
});
