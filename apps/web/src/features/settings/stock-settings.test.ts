import { describe, expect, it } from 'vitest';
import { stockFormValues, stockPatch, stockSettingsSchema } from './stock-settings';

describe('the stock settings form', () => {
  it('shows no threshold as an empty field and sends it back as null', () => {
    const values = stockFormValues({ allow_negative_stock: false, stock_count_threshold: null });
    expect(values).toEqual({ allow_negative_stock: false, stock_count_threshold: undefined });
    expect(stockPatch(stockSettingsSchema.parse(values))).toEqual({
      allow_negative_stock: false,
      stock_count_threshold: null,
    });
  });

  it('sends the switch and a rupee threshold as they are', () => {
    const values = stockFormValues({ allow_negative_stock: true, stock_count_threshold: 5000.5 });
    expect(stockPatch(stockSettingsSchema.parse(values))).toEqual({
      allow_negative_stock: true,
      stock_count_threshold: 5000.5,
    });
  });

  it('keeps stock at zero or above for a site without the fields', () => {
    expect(stockFormValues({})).toEqual({
      allow_negative_stock: false,
      stock_count_threshold: undefined,
    });
  });

  it('refuses a negative threshold or one with more than two decimals', () => {
    const parse = (threshold: number) =>
      stockSettingsSchema.safeParse({
        allow_negative_stock: false,
        stock_count_threshold: threshold,
      }).error?.issues[0]?.message;
    expect(parse(-1)).toBe('kit.validation.notNegative');
    expect(parse(10.005)).toBe('validation.twoDecimals');
    expect(parse(0)).toBeUndefined();
  });
});
