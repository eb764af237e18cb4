import { describe, expect, it } from 'vitest';
import { countBody, countDifferences, countSchema, signedQuantity } from './count-form';
import { receiveBody, receiveFormSchema, shortfall } from './receive-form';

const rows = [
  { item: 'item00000000001', name: 'Cement', unit: 'bag', onHand: 40, averageCost: 385.5 },
  { item: 'item00000000002', name: 'Sand', unit: 'cft', onHand: 120.5, averageCost: 55 },
  { item: 'item00000000003', name: 'Steel', unit: 'kg', onHand: 300, averageCost: 62 },
];

describe('physical count', () => {
  it('takes only the counted items, with difference and value (a loss negative)', () => {
    const { lines, totalValue } = countDifferences(rows, {
      item00000000001: 37,
      item00000000002: 121,
      item00000000003: undefined,
    });
    expect(lines.map((line) => [line.item, line.difference, line.value])).toEqual([
      ['item00000000001', -3, -1156.5],
      ['item00000000002', 0.5, 27.5],
    ]);
    expect(totalValue).toBe(-1129);
  });

  it('counts 0 as counted, and builds a body the domain accepts', () => {
    const { lines } = countDifferences(rows, { item00000000003: 0 });
    const body = countBody(lines, '2026-11-30', '  Month-end ');
    expect(body).toEqual({
      count_date: '2026-11-30',
      reason: 'Month-end',
      lines: [{ item: 'item00000000003', counted_quantity: 0 }],
    });
    expect(countSchema.safeParse(body).success).toBe(true);
    const empty = countSchema.safeParse(countBody([], '2026-11-30', ''));
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['reason', 'stock.validation.reasonRequired'],
        ['lines', 'stock.validation.countOne'],
      ]),
    );
  });

  it('writes a difference with its sign', () => {
    expect(signedQuantity(2.5, 'bag')).toBe('+2.5 bag');
    expect(signedQuantity(-1200, 'kg')).toBe('−1,200 kg');
    expect(signedQuantity(0, 'nos')).toBe('0 nos');
  });
});

describe('receiving a transfer', () => {
  const line = { id: 'line00000000001', sent: 10, item: '' };

  it('never takes more than was sent, and records the rest as the shortfall', () => {
    const refused = receiveFormSchema.safeParse({
      received_date: '2026-11-28',
      lines: [{ ...line, received_quantity: 11 }],
    });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.0.received_quantity', 'stock.validation.moreThanSent'],
    ]);
    expect(shortfall(10, 9.7)).toBe(0.3);
    expect(shortfall(10, 10)).toBe(0);
    expect(shortfall(10, undefined)).toBe(0);
  });

  it("sends each line's received quantity, and this site's item only when chosen", () => {
    const values = receiveFormSchema.parse({
      received_date: '2026-11-28',
      lines: [
        { ...line, received_quantity: 9 },
        { id: 'line00000000002', sent: 5, received_quantity: 5, item: 'item00000000007' },
      ],
    });
    expect(receiveBody(values)).toEqual({
      received_date: '2026-11-28',
      lines: [
        { id: 'line00000000001', received_quantity: 9 },
        { id: 'line00000000002', received_quantity: 5, item: 'item00000000007' },
      ],
    });
  });
});
