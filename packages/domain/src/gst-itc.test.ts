import { describe, expect, it } from 'vitest';
import { itcIneligibleReason, mayChargeTax, placeOfSupplyBarsCredit } from './gst-itc.js';

describe('input tax credit rules', () => {
  it('bars credit only when both states are known and differ', () => {
    expect(placeOfSupplyBarsCredit('27', '29')).toBe(true);
    expect(placeOfSupplyBarsCredit('27', '27')).toBe(false);
    expect(placeOfSupplyBarsCredit('27', null)).toBe(false);
    expect(placeOfSupplyBarsCredit(null, '29')).toBe(false);
  });

  it('warns in claim mode on a taxed bill of another state only', () => {
    const bill = { mode: 'claim' as const, siteState: '27', placeOfSupply: '29', tax: 18000 };
    expect(itcIneligibleReason(bill)).toBe('place_of_supply');
    expect(itcIneligibleReason({ ...bill, mode: 'cost' })).toBeNull();
    expect(itcIneligibleReason({ ...bill, tax: 0 })).toBeNull();
    expect(itcIneligibleReason({ ...bill, placeOfSupply: '27' })).toBeNull();
  });

  it('lets only a regular vendor charge tax', () => {
    expect(mayChargeTax('regular')).toBe(true);
    expect(mayChargeTax('composition')).toBe(false);
    expect(mayChargeTax('unregistered')).toBe(false);
    expect(mayChargeTax(null)).toBe(false);
  });
});
