import { describe, expect, it } from 'vitest';
import { dateSchema, isIsoDate, todayIso } from './date-field';
import { moneySchema, parseDecimalInput } from './money-field';
import { formatQuantity, quantitySchema } from './quantity-field';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('kit form values', () => {
  it('parses typed amounts, with Indian grouping and ₹, to numbers', () => {
    expect(parseDecimalInput('')).toBeUndefined();
    expect(parseDecimalInput('  ')).toBeUndefined();
    expect(parseDecimalInput('1,23,456.50')).toBe(123456.5);
    expect(parseDecimalInput('₹ 380')).toBe(380);
    expect(parseDecimalInput('-2.5')).toBe(-2.5);
    expect(parseDecimalInput('.5')).toBe(0.5);
    expect(parseDecimalInput('12abc')).toBeNaN();
    expect(parseDecimalInput(7)).toBe(7);
  });

  it('checks money: required, number, ≤ 2 decimals, sign', () => {
    const price = moneySchema({ positive: true });
    expect(message(price.safeParse(undefined))).toBe('validation.required');
    expect(message(price.safeParse(Number.NaN))).toBe('kit.validation.number');
    expect(message(price.safeParse(1.234))).toBe('validation.twoDecimals');
    expect(message(price.safeParse(0))).toBe('kit.validation.positive');
    expect(price.safeParse(0.1 + 0.2).success).toBe(true); // float noise is not a 3rd decimal
    expect(price.safeParse(1234.56).success).toBe(true);
    expect(message(moneySchema().safeParse(-1))).toBe('kit.validation.notNegative');
    expect(moneySchema().safeParse(0).success).toBe(true);
    expect(moneySchema({ allowNegative: true }).safeParse(-0.49).success).toBe(true);
    expect(message(moneySchema().safeParse(2e11))).toBe('validation.tooLarge');
  });

  it('checks quantities: > 0 with ≤ 3 decimals', () => {
    const quantity = quantitySchema();
    expect(quantity.safeParse(12.125).success).toBe(true);
    expect(message(quantity.safeParse(1.2345))).toBe('kit.validation.threeDecimals');
    expect(message(quantity.safeParse(0))).toBe('kit.validation.positive');
    expect(formatQuantity(1234.5, 'bag')).toBe('1,234.5 bag');
    expect(formatQuantity(100000.125)).toBe('1,00,000.125');
  });

  it('checks business dates', () => {
    expect(isIsoDate('2025-02-28')).toBe(true);
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(todayIso(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(message(dateSchema().safeParse(''))).toBe('validation.required');
    expect(message(dateSchema().safeParse('2025-13-01'))).toBe('kit.validation.date');
    expect(dateSchema({ optional: true }).parse('')).toBeUndefined();
  });
});
